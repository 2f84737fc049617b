"""Lobby rules as pure functions on a draft table: who may join, pick a team, seat a
bot, choose a rule, leave, cancel or start. Each one changes the draft or raises
``TableError``; the service adds the lock and the save around them.

Choices where the issue is silent:
- The host who leaves a lobby hands it to the next seated member; a lobby with no
  member left (bots alone) is cancelled.
- Leaving a match in progress ends it for everyone ("abandoned"); an abandoned
  match counts for nobody on the leaderboard. At quick play and at a slow table it is
  a forfeit instead: the other side wins it, rated.
- A rematch seats its presser and the finished match's bots; the other members are
  invited rather than seated (they may have gone).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..games import OptionsError, parse_options
from ..i18n import count_key
from .errors import TableError
from .model import Seat, Table, TableSettings
from .pace import LIVE


def validate_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Check options with the engine; ``TableError('options.invalid')`` names the problem."""
    try:
        parsed = parse_options(game, options)
    except OptionsError as exc:
        raise TableError("options.invalid", reason=str(exc)) from None
    return parsed.model_dump(mode="json", exclude={"game"})


def seat_layout(players: int, teams: bool) -> str:
    """The seat layout the ``teams`` option asks for; a ``TableError`` when the number of
    players cannot sit that way (teams need 4 or 6; six always play in teams)."""
    if players == 4:
        return "teams" if teams else "individual"
    if players == 6:
        if not teams:
            raise TableError("options.six_in_teams")
        return "teams_2x3"
    if teams:
        raise TableError("options.teams_need_more")
    return "individual"


def rule_fits(table: Table, name: str, value: object) -> bool:
    """Whether the table's other rules allow ``value`` for ``name`` (nine cards a deal
    do not fit three players)."""
    try:
        validate_options(table.game, {**table.options, name: value})
    except TableError:
        return False
    return True


def in_lobby(table: Table) -> Table:
    if table.status != "lobby":
        raise TableError("lobby.closed")
    return table


def hosted_by(table: Table, user_id: int) -> Table:
    """The lobby, if ``user_id`` hosts it (only the host changes it)."""
    in_lobby(table)
    if user_id != table.host_id:
        raise TableError("lobby.host_only")
    return table


SWITCHES = ("hints", "private")
"""The lobby's on/off settings (``TableSettings``): the coach, privacy from watchers."""


def toggle(table: Table, setting: str) -> None:
    """Turn the lobby's switch ``setting`` (one of ``SWITCHES``) on or off."""
    if setting not in SWITCHES:
        raise TableError("lobby.bad_option")
    setattr(table.settings, setting, not getattr(table.settings, setting))


def seat_member(table: Table, seat: Seat) -> None:
    in_lobby(table)
    if table.seat_of(seat.user_id) is not None:
        raise TableError("lobby.already_seated")
    _check_room(table)
    table.seats.append(seat)


def pick_team(table: Table, user_id: int, team: int) -> None:
    in_lobby(table)
    index = table.seat_of(user_id)
    if index is None:
        raise TableError("lobby.join_first")
    sides = len(table.engine.sides)
    if not 0 <= team < sides or sides == table.players:
        raise TableError("lobby.no_teams")
    size = table.players // sides
    taken = sum(1 for s in table.seats if s.team == team and s.user_id != user_id)
    if taken >= size:
        raise TableError("lobby.team_full")
    table.seats[index].team = team


def seat_bot(table: Table, level: str, name: str) -> None:
    """Seat a bot of ``level``, shown as ``name``, with the next free negative id."""
    _check_room(table)
    bot_id = min([seat.user_id for seat in table.seats] + [0]) - 1
    table.seats.append(Seat(user_id=bot_id, name=name, locale=table.locale, bot=level))


def unseat_last_bot(table: Table) -> None:
    bots = [index for index, seat in enumerate(table.seats) if seat.bot]
    if not bots:
        raise TableError("lobby.no_bot")
    table.seats.pop(bots[-1])


def choose_rule(table: Table, name: str, value: Any) -> None:
    """Choose an advanced rule; choosing the one already chosen puts it back to its
    default."""
    options, advanced = dict(table.options), dict(table.settings.advanced)
    if table.settings.has_chosen(name, value):
        del options[name], advanced[name]
    else:
        options[name] = advanced[name] = value
    table.options = validate_options(table.game, options)
    table.settings.advanced = advanced


def choose_target(table: Table, target: int) -> None:
    if "target_score" not in table.options:
        raise TableError("lobby.no_target")
    table.options = validate_options(table.game, {**table.options, "target_score": target})


QUICK_TIMER = 60
"""Seconds a quick-play turn lasts: strangers wait for nobody longer."""


def leave(table: Table, user_id: int) -> None:
    """Leave a lobby (the host hands over) or abandon a match in progress (at quick
    play, a forfeit: the other side wins it, and no rating moves)."""
    index = table.seat_of(user_id)
    if index is None or not table.is_live:
        raise TableError("table.not_seated")
    if table.status == "playing":
        table.log.left_by = index
        forfeits = table.settings.quick or table.settings.pace != LIVE
        if forfeits:  # a stranger, or a slow match's member, who leaves hands it over
            forfeit_side(table, index, "left")
        else:
            _end(table, "abandoned")
        return
    table.seats.pop(index)
    members = [seat for seat in table.seats if seat.bot is None]
    if not members:
        _end(table, "empty")
    elif user_id == table.host_id:
        table.host_id = members[0].user_id


def check_can_cancel(table: Table, user_id: int, *, can_manage: bool) -> None:
    """Only its host, or a member who manages the server, cancels a live table."""
    if not table.is_live:
        raise TableError("table.over")
    if user_id != table.host_id and not can_manage:
        raise TableError("table.cancel_forbidden")


def cancel(table: Table, user_id: int, *, can_manage: bool) -> None:
    check_can_cancel(table, user_id, can_manage=can_manage)
    _end(table, "cancelled")


def end_by_tournament(
    table: Table, reason: str = "tournament", forfeited: Collection[int] = ()
) -> None:
    """The match ends where it is: the tournament's round ran out (``tournament``: the
    tournament decides it), the tournament was cancelled (``tournament_cancelled``), or
    the entrant of members ``forfeited`` withdrew or was disqualified (``withdrawn``,
    ``disqualified``: they lose by forfeit)."""
    if table.is_live:
        table.log.forfeited = [i for i, seat in enumerate(table.seats) if seat.user_id in forfeited]
        _end(table, reason)


def check_full(table: Table) -> None:
    """A lobby starts only with every seat taken."""
    if len(table.seats) < table.players:
        missing = table.players - len(table.seats)
        raise TableError(count_key("lobby.not_full", missing), count=missing)


def arrange_seats(seats: list[Seat], side_of: tuple[int, ...]) -> list[Seat]:
    """Order seats so that each player sits on the side they chose, others fill in."""
    ordered: list[Seat | None] = [None] * len(side_of)
    rest = []
    for seat in seats:
        free = [i for i, side in enumerate(side_of) if side == seat.team and ordered[i] is None]
        if seat.team is not None and free:
            ordered[free[0]] = seat
        else:
            rest.append(seat)
    return [seat if seat is not None else rest.pop(0) for seat in ordered]


def planned_sides(table: Table) -> list[int]:
    """The side each seated player would play on if the match started now: those who
    chose a team on it while it has room, the others in the free places in seat order
    (``arrange_seats`` does the same at Start)."""
    side_of = table.engine.side_of
    free = list(range(len(side_of)))
    planned: dict[int, int] = {}
    for index, seat in enumerate(table.seats):
        place = next((p for p in free if side_of[p] == seat.team), None)
        if seat.team is not None and place is not None:
            planned[index] = side_of[place]
            free.remove(place)
    for index in range(len(table.seats)):
        if index not in planned and free:
            planned[index] = side_of[free.pop(0)]
    return [planned.get(index, 0) for index in range(len(table.seats))]


def rematch_seats(old: Table | None, host_id: int) -> list[Seat]:
    """The seats a rematch of ``old`` fills besides its host (the member who pressed
    Rematch): the bots, at the same levels and with the same names and teams."""
    if old is None:
        return []
    return [
        Seat(user_id=seat.user_id, name=seat.name, locale=seat.locale, team=seat.team, bot=seat.bot)
        for seat in old.seats
        if seat.bot and seat.user_id != host_id
    ]


def rematch_invited(old: Table, table: Table) -> list[int]:
    """The members of ``old`` a rematch lobby ``table`` invites: everyone not seated."""
    return [
        seat.user_id for seat in old.seats if not seat.bot and table.seat_of(seat.user_id) is None
    ]


def _check_room(table: Table) -> None:
    if len(table.seats) >= table.players:
        raise TableError("lobby.full", players=table.players)


def forfeit_side(table: Table, seat: int, reason: str) -> None:
    """The match ends with ``seat``'s side losing it by forfeit (``reason``: it left,
    or let a slow clock run out too often)."""
    side = table.engine.side_of[seat]
    table.log.forfeited = list(table.engine.sides[side])
    _end(table, reason)


def _end(table: Table, reason: str) -> None:
    table.status = "cancelled"
    table.end_reason = reason


def paired(
    pairing: int,
    game: str,
    sides: list[list[Seat]],
    timer: int | None = QUICK_TIMER,
    pace: str = LIVE,
) -> Table:
    """A quick-play pairing's table, its members seated on their sides, ready to deal:
    of no server, shown in the members' DMs, with a turn timer strangers can bear
    (none in the sandbox, whose clock runs only while someone clicks), or at a slow
    ``pace``."""
    seats = [seat.model_copy(update={"team": side}) for side, s in enumerate(sides) for seat in s]
    return Table(
        id=0,
        guild_id=0,
        channel_id=0,
        host_id=seats[0].user_id,
        game=game,
        options=validate_options(game, {}),
        locale=seats[0].locale,
        seats=seats,
        settings=TableSettings(turn_timer=timer, takeover_after=2, quick=pairing, pace=pace),
    )
