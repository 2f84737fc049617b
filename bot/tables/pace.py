"""A table's pace: live (a turn of seconds, everyone at the table now) or slow (a move
an hour, eight hours, a day or three days), and the deadlines a slow turn holds.

Choices where the issue is silent (docs/bot.md, "Slow tables"):
- The paces are ``PACES``: a slow turn's clock is the whole pace, reset at each turn.
- A slow table's deadlines are saved with the table, in the same transaction
  (``deadlines_of``): a reminder when ``REMIND_AT`` of the turn's time is used, and the
  time out. The sweep (``bot.deadlines``) fires them.
- The first time out plays the stand-in's move; ``FORFEIT_AFTER`` time outs in a row
  forfeit the match, rated as a loss for that side (as quick play's forfeits), since
  letting a slow clock run out is how a losing member would leave unrated otherwise.
"""

from __future__ import annotations

from typing import Any

from ..games import State
from .errors import TableError
from .model import Table

LIVE = "live"
PACES: dict[str, int] = {"hour": 3600, "8hours": 8 * 3600, "day": 86400, "3days": 3 * 86400}
"""Each slow pace and its seconds a move."""
REMIND_AT = 0.8
"""The share of a turn's time used when its member is reminded."""
FORFEIT_AFTER = 2
"""Time outs in a row that forfeit a slow match."""


def pace_seconds(pace: str) -> int | None:
    """A pace's seconds a move (None: live). ``TableError`` for a pace no table has."""
    if pace == LIVE:
        return None
    if pace not in PACES:
        raise TableError("pace.unknown")
    return PACES[pace]


def is_slow(table: Table) -> bool:
    return table.settings.pace != LIVE


def forced_move(table: Table) -> int | None:
    """The only legal move of the seat to act at a slow table in play, or None."""
    if table.status != "playing" or not is_slow(table):
        return None
    moves = table.match.legal_moves()
    return moves[0] if len(moves) == 1 else None


def hand_plays_itself(state: State) -> bool:
    """Whether every move left in the hand in play is the only legal one: the hand's
    end is then certain, and a slow table plays it out at once."""
    hand = state.hand_no
    while not state.is_over and state.hand_no == hand:
        moves = state.legal_moves()
        if len(moves) != 1:
            return False
        state, _ = state.apply(moves[0])
    return True


def deadlines_of(table: Table) -> list[dict[str, Any]]:
    """The deadlines a slow table holds now: for the member to act, a reminder and the
    time out of their turn; none at a live table, a bot's turn or a match over."""
    seconds = PACES.get(table.settings.pace)
    deadline = table.turn.deadline
    if seconds is None or deadline is None or table.status != "playing":
        return []
    member = table.seats[table.match.turn].user_id
    turn = table.turn.opened
    remind = deadline - (1 - REMIND_AT) * seconds
    return [
        {"kind": "remind", "user_id": member, "turn": turn, "due_at": remind},
        {"kind": "timeout", "user_id": member, "turn": turn, "due_at": deadline},
    ]


def pause_clock(table: Table, seat: int, until: float | None, now: float) -> None:
    """``seat``'s member is on vacation ``until`` (None: back now): their clock stands
    still until then. A turn of theirs in play gets the pause added (or, back early,
    the pause they did not use taken off again)."""
    player = table.seats[seat]
    before = max((player.vacation_until or now) - now, 0.0)
    after = max((until or now) - now, 0.0)
    player.vacation_until = until
    mine = table.status == "playing" and table.match.turn == seat
    if mine and table.turn.deadline is not None:
        table.turn.deadline += after - before


def on_vacation(table: Table, seat: int) -> float | None:
    """Until when the turn of ``seat`` waits for its member's vacation, if it does."""
    until = table.seats[seat].vacation_until
    seconds = PACES.get(table.settings.pace)
    deadline = table.turn.deadline
    if until is None or seconds is None or deadline is None:
        return None
    return until if until > deadline - seconds - 1 else None


def pool_key(game: str, pace: str) -> str:
    """Quick play's pool of ``game`` at ``pace``: the game's name for live play
    (``scopa``), the game and the pace for slow play (``scopa/day``)."""
    pace_seconds(pace)
    return game if pace == LIVE else f"{game}/{pace}"


def pool_parts(key: str) -> tuple[str, str]:
    """The game and the pace of a pool (``pool_key``'s parts)."""
    game, _, pace = key.partition("/")
    return game, pace or LIVE
