"""Play rules as pure functions on a draft table: whose turn it is, what a card may
take, applying a move and noting what it did, the turn's clock.

Choices where the issue is silent:
- A card with several capture options is not played when clicked: its player picks
  what it takes in their own panel (or goes back to their hand), so nothing is
  shown, or saved, until the pick.
- When a member lets the turn timer run out, the expert plays for them, and after
  ``takeover_after`` timeouts in a row it keeps the seat ("away") until the member
  plays again or says they are back.
"""

from __future__ import annotations

from typing import Any

from ..games import (
    Event,
    IllegalMoveError,
    Observation,
    Seed,
    State,
    events_to_dicts,
    format_move,
    is_claim,
    make_game,
    move_card,
)
from ..games.fairness import commitment
from .errors import StalePanel, TableError
from .lobby import arrange_seats, check_full, forfeit_side
from .model import Seat, Table
from .pace import FORFEIT_AFTER

LOG_LENGTH = 6
"""How many events of the hand in play the board tells."""
REACTIONS = ("good_game", "well_played", "oops", "thanks")
"""The fixed reactions strangers may send each other (no free text)."""
KEPT_REACTIONS = 8


def start(table: Table, seed: Seed, now: float) -> None:
    """Seat the players on their sides and deal the first hand."""
    check_full(table)
    game = make_game(table.game, table.options)
    table.seats = arrange_seats(table.seats, game.side_of)
    events: list[Event] = []
    table.state = game.new_match(seed, events)
    table.status = "playing"
    table.version = 1
    table.log.seat_sweeps = [0] * table.players
    table.log.hands_played = 0
    table.log.commitment = commitment(seed)
    record_events(table, events_to_dicts(events))
    open_turn(table, now)


def seated_in_play(table: Table, user_id: int) -> int:
    """``user_id``'s seat at a table in play."""
    if table.status != "playing":
        raise TableError("table.over")
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("table.not_seated")
    return seat


def seat_to_act(table: Table, user_id: int, version: int) -> int:
    """``user_id``'s seat, when it is theirs to act at ``version`` of the table."""
    seat = seated_in_play(table, user_id)
    if version != table.version:
        raise StalePanel()
    turn = table.match.turn
    if turn != seat:
        raise TableError("table.not_your_turn", player=table.seats[turn].name)
    return seat


def card_moves(table: Table, seat: int, card: int) -> list[int]:
    """The moves that play ``card`` from ``seat``'s hand (claims aside); refused with
    the engine's reason when there are none."""
    state = table.match
    if card not in state.hands[seat]:
        raise TableError("table.card_not_in_hand")
    moves = [m for m in state.legal_moves() if move_card(m) == card and not is_claim(m)]
    if not moves:
        _raise_illegal(state, card)
    return moves


def check_choice(table: Table, move: int) -> None:
    """A move picked in a panel (a card's capture) or on the board (a claim) must be
    legal now."""
    if move not in table.match.legal_moves():
        raise TableError("table.not_an_option")


def automatic_move_allowed(table: Table, version: int, move: int, *, timed_out: bool) -> bool:
    """Whether the bot may play ``move`` for the seat to act at ``version``: a bot seat,
    a seat it took over, or (``timed_out``) a member whose timer ran out."""
    if table.status != "playing" or table.version != version:
        return False
    player = table.seats[table.match.turn]
    return move in table.match.legal_moves() and (timed_out or player.autoplayed)


def note_timeout(player: Seat, takeover_after: int) -> bool:
    """A member's timer ran out: True when the bot now keeps their seat."""
    player.timeouts += 1
    player.away = player.timeouts >= takeover_after
    return player.away


def slow_time_out(table: Table, seat: int) -> bool:
    """A member let a slow turn's clock run out: True when that forfeits the match
    (``pace.FORFEIT_AFTER`` in a row), else the stand-in plays this turn for them."""
    player = table.seats[seat]
    player.timeouts += 1
    if player.timeouts < FORFEIT_AFTER:
        return False
    forfeit_side(table, seat, "timed_out")
    return True


def member_acted(seat: Seat) -> None:
    """A member played: their run of timeouts ends and the seat is theirs again."""
    seat.timeouts = 0
    seat.away = False
    seat.moves += 1


def come_back(table: Table, seat: int, now: float) -> None:
    """A member whose seat the bot took over plays it again."""
    if not table.seats[seat].away:
        raise TableError("seat.not_away")
    member_acted(table.seats[seat])
    if table.match.turn == seat:
        open_turn(table, now)


def apply_move(
    table: Table, seat: int, move: int, now: float, *, automatic: bool
) -> dict[str, Any]:
    """Apply ``move`` for ``seat`` and note what it did; the move log's row, whose
    ``stand_in`` says the bot played it for a member (``automatic``)."""
    state, events = table.match.apply(move)
    event_dicts = events_to_dicts(events)
    table.state = state
    table.version += 1
    table.log.auto_move = automatic
    table.log.last_seat = seat
    record_events(table, event_dicts)
    if not any(event["kind"] == "claimed" for event in event_dicts):
        open_turn(table, now)
    if state.is_over:
        table.status = "finished"
        table.end_reason = "finished"
        if table.settings.tournament or table.settings.quick:
            _forfeit_idle_sides(table)
    return {"seat": seat, "move": format_move(move), "events": event_dicts, "stand_in": automatic}


def idle_sides(table: Table) -> list[int]:
    """The sides with members none of whom made a move (the bot played every turn)."""
    sides = table.engine.sides
    members = [[table.seats[i] for i in side if table.seats[i].bot is None] for side in sides]
    return [side for side, seats in enumerate(members) if seats and not any(s.moves for s in seats)]


def _forfeit_idle_sides(table: Table) -> None:
    """A tournament's or quick play's match whose idle sides forfeit it: no winner, no
    rating moves."""
    idle = idle_sides(table)
    if not idle:
        return
    side_of = table.engine.side_of
    table.log.forfeited = [i for i in range(len(table.seats)) if side_of[i] in idle]
    both = len(idle) == len(table.engine.sides)
    table.end_reason = "forfeited_both" if both else "forfeited"


def record_events(table: Table, events: list[dict[str, Any]]) -> None:
    """Note a move's (or a deal's) events: the last move, the hand's log, results to
    post, escobas per seat and hands played."""
    log = table.log
    log.last_events = events
    log.results = [*log.results, *_announced(events)]
    hand = log.hand
    for event in events:
        kind = event["kind"]
        if kind in ("captured", "claimed") and event["sweep"]:
            log.seat_sweeps[event["seat"]] += 1
        elif kind == "initial_sweep":
            log.seat_sweeps[event["seat"]] += event["sweeps"]
        if kind == "hand_scored":
            log.hands_played += 1
            hand = []
        elif kind != "match_over":
            hand = [*hand, event]
    log.hand = hand[-LOG_LENGTH:]


def open_turn(table: Table, now: float) -> None:
    """A new turn begins: its clock starts from the table's timer (no clock for a seat
    the bot plays, nor once the match is over), or once its member's vacation ends."""
    timer = table.settings.turn_timer
    state = table.match
    playing = table.status == "playing" and not state.is_over
    member_turn = playing and not table.seats[state.turn].autoplayed
    start = max(now, table.seats[state.turn].vacation_until or 0) if member_turn else now
    table.turn.deadline = start + timer if timer and member_turn else None
    table.turn.opened = table.version
    table.turn.claimed = False


def time_is_up(table: Table, now: float) -> bool:
    """Whether the member to act let their turn's time run out."""
    deadline = table.turn.deadline
    return table.status == "playing" and deadline is not None and now >= deadline


def claim_turn(table: Table, seat: int, *, now: float, version: int) -> None:
    """At a friends' table (whose clock plays nobody's turn on its own: nothing may be
    shown unasked), ``seat`` claims the turn of the member whose time is up; the bot
    plays it as for a timer run out."""
    if version != table.version or table.match.turn == seat:
        raise TableError("claim.moved")
    if not table.settings.clicks or not time_is_up(table, now):
        raise TableError("claim.not_yet")
    table.turn.claimed = True


def current_hand_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of a move that belong to the hand now in play (after any hand's end)."""
    ends = [i for i, event in enumerate(events) if event["kind"] == "hand_scored"]
    return events[ends[-1] + 1 :] if ends else events


def bot_view(table: Table) -> Observation:
    """What the bot playing the seat to act sees."""
    state = table.match
    return state.observe(state.turn)


def _announced(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Hand and match results to post, each hand's with the moves that ended it."""
    announced: list[dict[str, Any]] = []
    lead: list[dict[str, Any]] = []
    for event in events:
        if event["kind"] == "hand_scored":
            announced.append({**event, "lead": lead})
            lead = []
        elif event["kind"] == "match_over":
            announced.append(event)
        else:
            lead.append(event)
    return announced


def _raise_illegal(state: State, card: int) -> None:
    """Raise the engine's reason why ``card`` cannot be played, as a ``TableError``."""
    try:
        state.check(card)
    except IllegalMoveError as exc:
        raise TableError(f"illegal.{exc.code}") from None
    raise TableError("table.not_an_option")


def react(table: Table, seat: int, reaction: int) -> None:
    """A fixed reaction from ``seat``, at a quick-play match: one a seat a turn."""
    if not table.settings.quick or not 0 <= reaction < len(REACTIONS):
        raise TableError("react.unknown")
    turn = table.turn.opened
    if any(r[0] == seat and r[2] == turn for r in table.log.reactions):
        raise TableError("react.once")
    table.log.reactions = [*table.log.reactions, [seat, reaction, turn]][-KEPT_REACTIONS:]
