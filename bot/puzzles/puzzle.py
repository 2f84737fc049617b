"""What a puzzle is: a position from a finished match, seen from the mover's seat,
with the answer that keeps the best outcome.

    puzzle.position()        # the engine ``State`` to play on (the real match's deal)
    puzzle.line              # the answer: member, reply, member, ... (move ints)

A puzzle never names anyone: ``source`` is the mined match's seed and step. ``key``
identifies the position (game, options, seat and the whole state), so the same
position mined twice is one puzzle.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..games import State

START_RATING = 1500.0
"""A new puzzle's rating, before anyone has tried it (Glicko-2's default)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle. ``line`` alternates the member's moves and the other side's replies,
    the member's first; every member move in it is the only one keeping the best
    outcome. ``loss`` is what the best wrong first move loses, in hand points.
    ``exact``: the answer was searched with every card known (a two-player last
    deal); otherwise it held on every deal the seat could not rule out (or by the
    margin ``docs/puzzles.md`` defends). ``reason`` is the review's word for why the
    first move is best ("sweep", "settebello", ...; empty when none applies)."""

    game: str
    seat: int
    state: dict[str, Any]
    line: tuple[int, ...]
    loss: float
    exact: bool
    themes: tuple[str, ...] = ()
    reason: str = ""
    source: str = ""
    key: str = field(default="")

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", position_key(self.state, self.seat))

    def position(self) -> State:
        """A fresh engine state at the puzzle's position."""
        return State.from_dict(self.state)

    @property
    def moves_to_find(self) -> int:
        """How many moves the member must find: the line's even places."""
        return (len(self.line) + 1) // 2


def position_key(state: dict[str, Any], seat: int) -> str:
    """A short stable id of a position: the hash of the state (its seed and history
    left out, so the same cards reached by two matches are one position)."""
    same = {k: v for k, v in state.items() if k not in ("seed", "history", "ply")}
    text = json.dumps([seat, same], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
