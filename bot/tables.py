"""Tables: lobbies and matches, their rules of play around the engine, and persistence.

No Discord here. The cogs and views call this service; it checks who may do what,
applies moves to the engine, commits every change to storage before returning,
and raises ``TableError`` (an i18n key and its parameters) when an action is refused.

Choices where the issue is silent:
- A card with several capture options is committed when clicked: it is shown on
  the board as played, and the player then picks what it takes. Until the pick,
  the player cannot switch cards (so no card is ever revealed and taken back).
- Leaving a match in progress ends it for everyone ("abandoned"); an abandoned
  match counts for nobody on the leaderboard.
- The host who leaves a lobby hands it to the next seated member; a lobby with no
  member left (bots alone) is cancelled.
- Bot seats: a bot plays from the seat's view only (``bot.ai``); when a member lets
  the turn timer run out, the expert plays for them, and after ``takeover_after``
  timeouts in a row it keeps the seat ("away") until the member plays again or
  says they are back. Bots get no leaderboard line; members' lines count the
  matches that had bots.
- A finished match rates its members (``bot.ratings``) in the same transaction that
  saves its last move and results, from ratings compared and set in that transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import hashlib
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, Field

from .games import (
    Event,
    Game,
    IllegalMoveError,
    Observation,
    OptionsError,
    State,
    events_to_dicts,
    format_move,
    is_claim,
    make_game,
    move_card,
    parse_options,
)
from .i18n import count_key
from .metrics import Metrics
from .ratings import Entrant, Rating, bot_rating, rate_match, side_ranks
from .storage import (
    TABLE_COLUMNS,
    MatchResult,
    OutOfDate,
    RatingsMoved,
    RuleBroken,
    Shards,
    Storage,
)

LOG_LENGTH = 6
RATING_ATTEMPTS = 5
"""Times a finished match re-reads its members' ratings when others moved them first."""
BROKEN_RULE_ERRORS = {"channel": "error.channel_busy", "rematch": "lobby.rematch_open"}
"""What a member is told when the database refuses a second live table."""
"""How many events of the hand in play the board tells."""


class TableError(Exception):
    """An action the table refuses: ``key`` names the catalog message, ``params`` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StalePanel(TableError):
    """A click on buttons from an older version of the table."""

    def __init__(self) -> None:
        super().__init__("panel.stale")


class Seat(BaseModel):
    """A seated member or bot. ``team`` is the side asked for in the lobby (team games)."""

    user_id: int
    """A member's Discord id; bots have negative ids."""
    name: str
    locale: str = "en"
    team: int | None = None
    bot: str | None = None
    """A bot seat's level: a name from ``bot.ai.POLICIES``."""
    away: bool = False
    """A member whose seat the bot plays after repeated timeouts, until they come back."""
    timeouts: int = 0
    """Turns in a row the member let the timer run out."""

    @property
    def autoplayed(self) -> bool:
        return self.bot is not None or self.away


class Pending(BaseModel):
    """A card committed by ``seat`` whose capture the player has still to choose."""

    seat: int
    card: int
    moves: list[int]


class TableUI(BaseModel):
    """What the board and panels show beyond the engine state; saved with the table.
    What Discord shows of the table (messages, panels, pings) is the publisher's own
    record (``bot.publisher.Shown``), not this."""

    pending: Pending | None = None
    last_seat: int | None = None
    last_events: list[dict[str, Any]] = Field(default_factory=list)
    log: list[dict[str, Any]] = Field(default_factory=list)
    """The story of the hand in play, oldest first: its last ``LOG_LENGTH`` events."""
    results: list[dict[str, Any]] = Field(default_factory=list)
    """Every hand's results and the match's, in order; the publisher posts each once."""
    seat_sweeps: list[int] = Field(default_factory=list)
    hands_played: int = 0
    turn_timer: int | None = None
    turn_deadline: float | None = None
    """When the turn in play runs out (epoch seconds), None without a running clock."""
    turn_opened: int = 0
    """The version at which the turn in play began (a committed card does not end it)."""
    dm_hands: bool = True
    takeover_after: int = 3
    """Timeouts in a row after which the bot takes the seat over."""
    images: bool = True
    """The board and hand panels carry pictures of the cards."""
    auto_move: bool = False
    """The last move was played by the bot for a member who let the timer run out."""
    advanced: dict[str, Any] = Field(default_factory=dict)
    hints: bool = False
    """The coach is on: hand panels and ``/hint`` suggest the hard bot's move."""
    end_reason: str | None = None

    def has_chosen(self, name: str, value: Any) -> bool:
        """Whether the lobby's menu set the rule ``name`` to ``value``."""
        return name in self.advanced and self.advanced[name] == value


@dataclass
class Table:
    """One table: its lobby, its match and what the UI needs. Mutated only by the service."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    options: dict[str, Any]
    locale: str
    status: str = "lobby"
    thread_id: int | None = None
    seats: list[Seat] = field(default_factory=list)
    state: State | None = None
    version: int = 0
    ui: TableUI = field(default_factory=TableUI)
    in_channel: bool = False
    """It plays where its lobby is, without a thread of its own: the database keeps
    one such live table per channel (or thread)."""
    rematch_of: int | None = None
    """The finished table it is a rematch of: one live rematch per match."""
    revision: int = 0
    """Saves so far: a save is refused when the stored table has moved past it."""

    @property
    def play_channel_id(self) -> int:
        """The channel or thread where the board lives."""
        return self.thread_id or self.channel_id

    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    @property
    def engine(self) -> Game:
        return self.state.game if self.state is not None else make_game(self.game, self.options)

    @property
    def is_live(self) -> bool:
        return self.status in ("lobby", "playing")

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def copy(self) -> Table:
        """A draft to change: the service saves it, then puts it in the original's place.
        The engine state is shared, since a move gives a new one (``State.apply``)."""
        return dataclasses.replace(
            self,
            options=dict(self.options),
            seats=[seat.model_copy() for seat in self.seats],
            ui=self.ui.model_copy(deep=True),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "thread_id": self.thread_id,
            "host_id": self.host_id,
            "game": self.game,
            "options": self.options,
            "status": self.status,
            "locale": self.locale,
            "seats": [seat.model_dump() for seat in self.seats],
            "state": _stored_state(self.state),
            "version": self.version,
            "ui": self.ui.model_dump(mode="json"),
            "in_channel": int(self.in_channel),
            "rematch_of": self.rematch_of,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Table:
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            game=row["game"],
            options=row["options"],
            locale=row["locale"],
            status=row["status"],
            thread_id=row["thread_id"],
            seats=[Seat.model_validate(seat) for seat in row["seats"]],
            state=_saved_state(row),
            version=row["version"],
            ui=TableUI.model_validate(row["ui"]),
            in_channel=bool(row["in_channel"]),
            rematch_of=row["rematch_of"],
            revision=row.get("revision", 0),
        )


def _stored_state(state: State | None) -> dict[str, Any] | None:
    """The engine state as saved in a row: without its options, which the row's
    ``options`` column already holds (half the state's size)."""
    if state is None:
        return None
    saved = state.to_dict()
    del saved["options"]
    return saved


def _saved_state(row: dict[str, Any]) -> State | None:
    """The engine state of a row (rows saved before options left the state have them)."""
    saved = row["state"]
    if not saved:
        return None
    if "options" not in saved:
        saved = {**saved, "options": {"game": row["game"], **row["options"]}}
    return State.from_dict(saved)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a play did: ``applied`` a move (with its events) or asked the player to ``choose``.
    ``took_over`` is set when that timeout handed the seat to the bot."""

    kind: str
    seat: int
    events: list[dict[str, Any]] = field(default_factory=list)
    took_over: bool = False


class TableService:
    """Every live table, in memory and in storage, with one lock per table."""

    def __init__(
        self,
        storage: Storage,
        *,
        deal_seed: int | None = None,
        clock: Callable[[], float] = time.time,
        shards: Shards | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.storage = storage
        self.deal_seed = deal_seed
        self.clock = clock
        """Epoch seconds now: turn deadlines are set and read on this clock."""
        self.shards = shards
        """The shards this process runs (None: all): it restores only their tables."""
        self.metrics = metrics or Metrics()
        self.tables: dict[int, Table] = {}
        self._saved: dict[int, dict[str, Any]] = {}
        """Each live table's row as last saved: a save writes only the columns that
        changed."""
        self._locks: dict[int, asyncio.Lock] = {}

    async def restore(self) -> list[Table]:
        """Load every live table of this process's shards from storage (at start-up)."""
        with _collector_paused():
            for row in await self.storage.live_tables(self.shards):
                table = Table.from_row(row)
                self.tables[table.id] = table
        return list(self.tables.values())

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("table.unknown")
        return table

    async def load(self, table_id: int) -> Table:
        """Any table from storage, finished ones included (a rematch reads its options)."""
        row = await self.storage.table_row(table_id)
        if row is None:
            raise TableError("table.unknown")
        return Table.from_row(row)

    def live_in(self, channel_id: int) -> list[Table]:
        """Live tables whose lobby or board is in ``channel_id`` (a channel or a thread)."""
        return [
            table
            for table in self.tables.values()
            if table.is_live and channel_id in (table.channel_id, table.thread_id)
        ]

    def live_for(self, user_id: int) -> list[Table]:
        return [t for t in self.tables.values() if t.is_live and t.seat_of(user_id) is not None]

    async def save(self, table: Table, move: dict[str, Any] | None = None, results=None) -> None:
        """Commit a draft (``_draft``) and only then make it the table: memory never
        holds a change the database does not. A failed save leaves the table as it was;
        a save refused because another process saved the table first reloads it and
        raises ``TableError("table.out_of_date")``."""
        row = table.to_row()
        saved = self._saved.get(table.id, {})
        changed = [name for name in TABLE_COLUMNS if name not in saved or saved[name] != row[name]]
        try:
            await self.storage.save_table(
                table.id, row, revision=table.revision, changed=changed, move=move, results=results
            )
        except OutOfDate:
            await self._reload(table.id)
            raise TableError("table.out_of_date") from None
        table.revision += 1
        self._keep(table, row)

    def _keep(self, table: Table, row: dict[str, Any]) -> None:
        """``table`` as saved (``row``) is the table now."""
        self.tables[table.id] = table
        if table.is_live:
            self._saved[table.id] = row
        else:
            self._saved.pop(table.id, None)

    async def _reload(self, table_id: int) -> None:
        """Memory catches up with the database after another process saved the table."""
        row = await self.storage.table_row(table_id)
        table = Table.from_row(row)
        self._keep(table, table.to_row())

    def _draft(self, table_id: int) -> Table:
        """A copy of the live table to change, under its lock, and then ``save``."""
        return self.get(table_id).copy()

    # -- lobby ----------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Seat,
        game: str,
        options: dict[str, Any],
        locale: str,
        turn_timer: int | None,
        dm_hands: bool,
        takeover_after: int = 3,
        images: bool = True,
        advanced: dict[str, Any] | None = None,
        rematch_of: Table | None = None,
        in_channel: bool = False,
    ) -> Table:
        """A new lobby with the host seated (``advanced``: the lobby menu's rules already
        in ``options``, to list; ``rematch_of``: the finished match whose bots sit
        again, see ``rematch_seats``; ``in_channel``: it plays where it is opened, with
        no thread of its own). Raises ``TableError`` for bad options, or when the channel
        (or the finished match) already has its one live table."""
        checked = validate_options(game, options)
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.user_id,
            game=game,
            options=checked,
            locale=locale,
            seats=[host, *rematch_seats(rematch_of, host.user_id)],
            ui=TableUI(
                turn_timer=turn_timer,
                dm_hands=dm_hands,
                takeover_after=takeover_after,
                images=images,
                advanced=advanced or {},
                hints=rematch_of.ui.hints if rematch_of else False,
            ),
            in_channel=in_channel,
            rematch_of=rematch_of.id if rematch_of else None,
        )
        row = table.to_row()
        try:
            table.id = await self.storage.create_table(row)
        except RuleBroken as exc:
            raise TableError(BROKEN_RULE_ERRORS[exc.rule]) from exc
        self._keep(table, row)
        return table

    async def set_thread(self, table_id: int, thread_id: int) -> Table:
        """The table plays in ``thread_id``, a thread opened from its lobby message."""
        async with self.lock(table_id):
            table = self._draft(table_id)
            table.thread_id = thread_id
            await self.save(table)
            return table

    async def join(self, table_id: int, seat: Seat) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
            if table.seat_of(seat.user_id) is not None:
                raise TableError("lobby.already_seated")
            if len(table.seats) >= table.players:
                raise TableError("lobby.full", players=table.players)
            table.seats.append(seat)
            await self.save(table)
            return table

    async def choose_team(self, table_id: int, user_id: int, team: int) -> Table:
        async with self.lock(table_id):
            table = self._lobby(table_id)
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
            await self.save(table)
            return table

    async def add_bot(self, table_id: int, user_id: int, level: str, name: str) -> Table:
        """The host seats a bot of ``level``; ``name`` is how the table shows it."""
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            if len(table.seats) >= table.players:
                raise TableError("lobby.full", players=table.players)
            bot_id = min([seat.user_id for seat in table.seats] + [0]) - 1
            table.seats.append(Seat(user_id=bot_id, name=name, locale=table.locale, bot=level))
            await self.save(table)
            return table

    async def remove_bot(self, table_id: int, user_id: int) -> Table:
        """The host takes the last seated bot out of the lobby."""
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            bots = [index for index, seat in enumerate(table.seats) if seat.bot]
            if not bots:
                raise TableError("lobby.no_bot")
            table.seats.pop(bots[-1])
            await self.save(table)
            return table

    async def set_advanced(self, table_id: int, user_id: int, name: str, value: Any) -> Table:
        """Choose an advanced rule in a lobby; choosing the one already chosen puts the
        rule back to its default."""
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            options, advanced = dict(table.options), dict(table.ui.advanced)
            if table.ui.has_chosen(name, value):
                del options[name], advanced[name]
            else:
                options[name] = advanced[name] = value
            table.options = validate_options(table.game, options)
            table.ui.advanced = advanced
            await self.save(table)
            return table

    async def set_target(self, table_id: int, user_id: int, target: int) -> Table:
        """The host changes the lobby's target score (games played to a target)."""
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            if "target_score" not in table.options:
                raise TableError("lobby.no_target")
            options = {**table.options, "target_score": target}
            table.options = validate_options(table.game, options)
            await self.save(table)
            return table

    async def toggle_hints(self, table_id: int, user_id: int) -> Table:
        """The host turns the coach on or off for the match to come."""
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            table.ui.hints = not table.ui.hints
            await self.save(table)
            return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby (the host hands over) or abandon a match in progress."""
        async with self.lock(table_id):
            table = self._draft(table_id)
            index = table.seat_of(user_id)
            if index is None or not table.is_live:
                raise TableError("table.not_seated")
            if table.status == "playing":
                table.status = "cancelled"
                table.ui.end_reason = "abandoned"
                table.ui.pending = None
            else:
                table.seats.pop(index)
                members = [seat for seat in table.seats if seat.bot is None]
                if not members:
                    table.status = "cancelled"
                    table.ui.end_reason = "empty"
                elif user_id == table.host_id:
                    table.host_id = members[0].user_id
            await self.save(table)
            return table

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        async with self.lock(table_id):
            table = self._draft(table_id)
            if not table.is_live:
                raise TableError("table.over")
            if user_id != table.host_id and not can_manage:
                raise TableError("table.cancel_forbidden")
            table.status = "cancelled"
            table.ui.end_reason = "cancelled"
            table.ui.pending = None
            await self.save(table)
            return table

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self._hosted_lobby(table_id, user_id)
            if len(table.seats) < table.players:
                missing = table.players - len(table.seats)
                raise TableError(count_key("lobby.not_full", missing), count=missing)
            game = make_game(table.game, table.options)
            table.seats = arrange_seats(table.seats, game.side_of)
            events: list[Event] = []
            table.state = game.new_match(self._seed(table), events)
            table.status = "playing"
            table.version = 1
            table.ui.seat_sweeps = [0] * table.players
            table.ui.hands_played = 0
            _record_events(table, events_to_dicts(events))
            _open_turn(table, self.clock())
            await self.save(table)
            return table

    def _seed(self, table: Table) -> int:
        if self.deal_seed is None:
            return secrets.randbits(63)
        digest = hashlib.sha256(f"{self.deal_seed}/{table.id}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def _hosted_lobby(self, table_id: int, user_id: int) -> Table:
        """A lobby that ``user_id`` hosts (only the host changes it)."""
        table = self._lobby(table_id)
        if user_id != table.host_id:
            raise TableError("lobby.host_only")
        return table

    def _lobby(self, table_id: int) -> Table:
        """A draft of a table still in its lobby."""
        table = self._draft(table_id)
        if table.status != "lobby":
            raise TableError("lobby.closed")
        return table

    # -- play ----------

    def _seated_in_play(self, table_id: int, user_id: int) -> tuple[Table, int]:
        """A draft of a table in play and ``user_id``'s seat at it."""
        table = self._draft(table_id)
        if table.status != "playing":
            raise TableError("table.over")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("table.not_seated")
        return table, seat

    def _seat_to_act(self, table_id: int, user_id: int, version: int) -> tuple[Table, int]:
        table, seat = self._seated_in_play(table_id, user_id)
        if version != table.version:
            raise StalePanel()
        if table.state.turn != seat:
            raise TableError("table.not_your_turn", player=table.seats[table.state.turn].name)
        return table, seat

    async def play_card(self, table_id: int, user_id: int, version: int, card: int) -> Outcome:
        """Play ``card`` from the hand: applied at once, or held for a capture choice."""
        with self.metrics.click_to_commit.time():
            return await self._play_card(table_id, user_id, version, card)

    async def _play_card(self, table_id: int, user_id: int, version: int, card: int) -> Outcome:
        async with self.lock(table_id):
            table, seat = self._seat_to_act(table_id, user_id, version)
            if table.ui.pending is not None:
                raise TableError("table.choose_first")
            if card not in table.state.hands[seat]:
                raise TableError("table.card_not_in_hand")
            options = [
                m for m in table.state.legal_moves() if move_card(m) == card and not is_claim(m)
            ]
            if not options:
                illegal_move_error(table.state, card)
            _member_acted(table.seats[seat])
            if len(options) == 1:
                return await self._apply(table, seat, options[0])
            table.ui.pending = Pending(seat=seat, card=card, moves=options)
            await self.save(table)
            return Outcome("choose", seat)

    async def choose(self, table_id: int, user_id: int, version: int, move: int) -> Outcome:
        """Apply a move picked on the board: a capture choice, a claim or a steal."""
        with self.metrics.click_to_commit.time():
            return await self._choose(table_id, user_id, version, move)

    async def _choose(self, table_id: int, user_id: int, version: int, move: int) -> Outcome:
        async with self.lock(table_id):
            table, seat = self._seat_to_act(table_id, user_id, version)
            pending = table.ui.pending
            if pending is not None and move not in pending.moves:
                raise TableError("table.choose_first")
            if move not in table.state.legal_moves():
                raise TableError("table.not_an_option")
            _member_acted(table.seats[seat])
            return await self._apply(table, seat, move)

    async def play_for(
        self, table_id: int, version: int, move: int, *, timed_out: bool = False
    ) -> Outcome | None:
        """The bot's move for the seat to act: a bot seat, a seat it has taken over, or
        (``timed_out``) a member whose timer ran out. None when the table moved on."""
        async with self.lock(table_id):
            live = self.tables.get(table_id)
            if live is None or live.status != "playing" or live.version != version:
                return None
            table = live.copy()
            seat = table.state.turn
            player = table.seats[seat]
            pending = table.ui.pending
            if pending is not None and move not in pending.moves:
                return None
            if move not in table.state.legal_moves() or not (timed_out or player.autoplayed):
                return None
            took_over = False
            if timed_out and not player.autoplayed:
                player.timeouts += 1
                took_over = player.timeouts >= table.ui.takeover_after
                player.away = took_over
            outcome = await self._apply(table, seat, move, automatic=player.bot is None)
            return Outcome(outcome.kind, seat, outcome.events, took_over)

    async def come_back(self, table_id: int, user_id: int) -> Table:
        """A member whose seat the bot took over plays it again."""
        async with self.lock(table_id):
            table, seat = self._seated_in_play(table_id, user_id)
            if not table.seats[seat].away:
                raise TableError("seat.not_away")
            table.seats[seat].away = False
            table.seats[seat].timeouts = 0
            if table.state.turn == seat:
                _open_turn(table, self.clock())
            await self.save(table)
            return table

    async def _apply(self, table: Table, seat: int, move: int, *, automatic=False) -> Outcome:
        table.ui.auto_move = automatic
        before = table.state
        state, events = before.apply(move)
        event_dicts = events_to_dicts(events)
        table.state = state
        table.version += 1
        table.ui.pending = None
        table.ui.last_seat = seat
        _record_events(table, event_dicts)
        if not any(event["kind"] == "claimed" for event in event_dicts):
            _open_turn(table, self.clock())
        log = {"seat": seat, "move": format_move(move), "events": event_dicts}
        if state.is_over:
            await self._finish(table, log)
        else:
            await self.save(table, move=log)
        self.metrics.moves.labels(table.game).inc()
        return Outcome("applied", seat, event_dicts)

    async def _finish(self, table: Table, log: dict[str, Any]) -> None:
        """Save a finished match with its results and its members' new ratings. Ratings
        are read, rated and saved only if unchanged meanwhile (``RatingsMoved``): a member
        whose matches end at once, in this process or another, is rated in turn."""
        table.status = "finished"
        table.ui.end_reason = "finished"
        members = [seat.user_id for seat in table.seats if seat.bot is None]
        for attempt in range(1, RATING_ATTEMPTS + 1):
            ratings = await self.storage.ratings(table.guild_id, table.game, members)
            results = match_results(table, ratings)
            _announce_ratings(table, results)
            try:
                await self.save(table, move=log, results=results)
                return
            except RatingsMoved:
                if attempt == RATING_ATTEMPTS:
                    raise


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Restore builds many objects that live on: the cyclic garbage collector would scan
    them again and again while they are built (3 times the time for 10,000 tables), so
    it waits until they are all built."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def rematch_seats(old: Table | None, host_id: int) -> list[Seat]:
    """The seats a rematch of ``old`` fills besides its host (the member who pressed
    Rematch): the bots, at the same levels and with the same names and teams.

    The other members are not seated for them: they may have gone, and a lobby
    cannot start with someone who is not there. The lobby mentions them instead
    (``render.rematch_invite``), so each one is a Join away."""
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


def validate_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Check options with the engine; ``TableError('options.invalid')`` names the problem."""
    try:
        parsed = parse_options(game, options)
    except OptionsError as exc:
        raise TableError("options.invalid", reason=str(exc)) from None
    return parsed.model_dump(mode="json", exclude={"game"})


def illegal_move_error(state: State, card: int) -> None:
    """Raise the engine's reason why ``card`` cannot be played, as a ``TableError``."""
    try:
        state.check(card)
    except IllegalMoveError as exc:
        raise TableError(f"illegal.{exc.code}") from None
    raise TableError("table.not_an_option")


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
    for index in range(len(ordered)):
        if ordered[index] is None:
            ordered[index] = rest.pop(0)
    return ordered  # type: ignore[return-value]


def _announced(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Hand and match results to post, each hand's with the moves that ended it."""
    announced, lead = [], []
    for event in events:
        if event["kind"] == "hand_scored":
            announced.append({**event, "lead": lead})
            lead = []
        elif event["kind"] == "match_over":
            announced.append(event)
        else:
            lead.append(event)
    return announced


def current_hand_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of a move that belong to the hand now in play (after any hand's end)."""
    ends = [i for i, event in enumerate(events) if event["kind"] == "hand_scored"]
    return events[ends[-1] + 1 :] if ends else events


def _record_events(table: Table, events: list[dict[str, Any]]) -> None:
    """Note a move's (or a deal's) events: the last move, the hand's log, results to
    post, escobas per seat and hands played."""
    ui = table.ui
    ui.last_events = events
    ui.results = [*ui.results, *_announced(events)]
    log = ui.log
    for event in events:
        kind = event["kind"]
        if kind in ("captured", "claimed") and event["sweep"]:
            ui.seat_sweeps[event["seat"]] += 1
        elif kind == "initial_sweep":
            ui.seat_sweeps[event["seat"]] += event["sweeps"]
        if kind == "hand_scored":
            ui.hands_played += 1
            log = []
        elif kind != "match_over":
            log = [*log, event]
    ui.log = log[-LOG_LENGTH:]


def _open_turn(table: Table, now: float) -> None:
    """A new turn begins: its clock starts from the table's timer (no clock for a seat
    the bot plays, nor once the match is over)."""
    timer = table.ui.turn_timer
    playing = table.status == "playing" and not table.state.is_over
    member_turn = playing and not table.seats[table.state.turn].autoplayed
    table.ui.turn_deadline = now + timer if timer and member_turn else None
    table.ui.turn_opened = table.version


def match_results(table: Table, ratings: dict[int, Rating]) -> list[MatchResult]:
    """Leaderboard lines for every member of a finished match (bots have none), with
    their ratings before (``ratings``) and after the match."""
    state = table.state
    side_of = state.game.side_of
    winners = set(state.winners or ())
    with_bots = any(seat.bot for seat in table.seats)
    with_hints = table.ui.hints
    rated = rate_match(_entrants(table, ratings), side_ranks(state.scores, tuple(winners)))
    return [
        MatchResult(
            user_id=seat.user_id,
            won=side_of[index] in winners,
            points=state.scores[side_of[index]],
            escobas=table.ui.seat_sweeps[index],
            hands=table.ui.hands_played,
            with_bots=with_bots,
            with_hints=with_hints,
            rating_before=ratings[seat.user_id],
            rating_after=rated[seat.user_id],
        )
        for index, seat in enumerate(table.seats)
        if seat.bot is None
    ]


def _announce_ratings(table: Table, results: list[MatchResult]) -> None:
    """Put each member's rating before and after the match (on the scale people see)
    into the match's result waiting to be posted, in seat order."""
    changes = {result.user_id: result for result in results}
    rows = [
        {
            "seat": index,
            "before": changes[seat.user_id].rating_before.shown,
            "after": changes[seat.user_id].rating_after.shown,
        }
        for index, seat in enumerate(table.seats)
        if seat.user_id in changes
    ]
    table.ui.results = [
        {**event, "ratings": rows} if event["kind"] == "match_over" else event
        for event in table.ui.results
    ]


def _entrants(table: Table, ratings: dict[int, Rating]) -> list[list[Entrant]]:
    """The match's sides as rating entrants: members with ``ratings``, bots fixed."""
    return [
        [
            Entrant(seat.user_id, bot_rating(seat.bot), seat.bot)
            if seat.bot
            else Entrant(seat.user_id, ratings[seat.user_id])
            for seat in (table.seats[index] for index in side)
        ]
        for side in table.engine.sides
    ]


def _member_acted(seat: Seat) -> None:
    """A member played: their run of timeouts ends and the seat is theirs again."""
    seat.timeouts = 0
    seat.away = False


def bot_view(table: Table) -> Observation:
    """What the bot playing the seat to act sees; a committed card limits its moves."""
    state = table.state
    view = state.observe(state.turn)
    if table.ui.pending is not None:
        view = replace(view, legal_moves=tuple(table.ui.pending.moves))
    return view
