"""Provably fair deals: a match is committed to before its first card and can be
checked by anyone once it ends.

A match's seed (``State.seed``) decides every card: hand ``h`` is dealt from
``shuffled_deck(f"{seed}/{h}/{attempt}")``, the first dealer drawn from
``shuffled_deck(f"{seed}/dealer")``. Before the first card the players are shown the
seed's *commitment*, the SHA-256 of its text; the seed stays secret while the match is
played and is revealed when it ends. Whoever has the seed then recomputes the
commitment (the bot cannot have changed the seed since) and every deal (the bot could
not have picked the cards as it went). ``verify`` does that against a saved match: the
commitment, every move replayed from the seed, every move's saved events and the final
position.

Pure: the seed is handed in (``new_seed`` is the caller's, from the operating system).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .engine import Game, IllegalMoveError, Seed, State, shuffled_deck
from .events import events_to_dicts
from .moves import MoveParseError, parse_move

SHORT = 16
"""Hex digits of the commitment a board shows (the whole value on request)."""


def commitment(seed: Seed) -> str:
    """The SHA-256 of the seed's text, in hex: what players see before the first card."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def short_commitment(committed: str) -> str:
    return committed[:SHORT]


def hand_deck(seed: Seed, hand: int, attempt: int = 0) -> tuple[int, ...]:
    """The deck hand ``hand`` (from 0) was dealt from; ``attempt`` counts void deals."""
    return shuffled_deck(f"{seed}/{hand}/{attempt}")


@dataclass(frozen=True, slots=True)
class SavedMove:
    """A move as the move log keeps it: its text and the events it made."""

    move: str
    events: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What checking a match found. ``problem`` is None when every check passed, else
    ``commitment`` (the seed is not the one committed to), ``move`` (move ``at`` does
    not replay from the seed), ``cards`` (move ``at`` saved other cards than the seed
    deals) or ``final`` (the saved position is not where the moves lead)."""

    hands: int
    moves: int
    problem: str | None = None
    at: int = 0
    committed: bool = True
    """Whether the match recorded a commitment (matches dealt before it did not)."""

    @property
    def fair(self) -> bool:
        return self.problem is None


def verify(
    game: Game, seed: Seed, committed: str, moves: Sequence[SavedMove], final: State
) -> Verdict:
    """Check a saved match (``committed``: its recorded commitment, "" for none)."""
    if committed and commitment(seed) != committed:
        return Verdict(0, len(moves), "commitment", committed=True)
    state = game.new_match(seed)
    for number, saved in enumerate(moves, start=1):
        try:
            state, events = state.apply(parse_move(saved.move))
        except (MoveParseError, IllegalMoveError):
            return _found(state, moves, "move", number, committed)
        if events_to_dicts(events) != saved.events:
            return _found(state, moves, "cards", number, committed)
    if state.to_dict() != final.to_dict():
        return _found(state, moves, "final", len(moves), committed)
    return Verdict(state.hand_no + 1, len(moves), committed=bool(committed))


def _found(state: State, moves: Sequence[SavedMove], problem: str, at: int, committed: str):
    return Verdict(state.hand_no + 1, len(moves), problem, at, bool(committed))
