"""Provably fair deals: a match is committed to before its first card and can be
checked by anyone once it ends.

A match's seed (``State.seed``) decides every card: hand ``h`` is dealt from
``shuffled_deck(f"{seed}/{h}/{attempt}")``, the first dealer drawn from
``shuffled_deck(f"{seed}/dealer")``. Before the first card the players are shown the
seed's *commitment*, the SHA-256 of its text; the seed stays secret while the match is
played and is revealed when it ends. Whoever has the seed then recomputes the
commitment (the bot cannot have changed the seed since) and every deal (the bot could
not have picked the cards as it went). ``verify`` does that against a saved match: the
commitment, every move replayed from the seed, every move's saved events, the final
position, and, for a match recorded as played to its end, that the log reaches the
result recorded (so a log cut short, with the position it leads to saved in the
final one's place, does not check out). A match with no commitment (dealt before the
bot made them) has its cards checked but is never called fair: nothing proves its
seed was fixed before the first card.

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
    deals), ``final`` (the saved position is not where the moves lead), ``short`` (the
    log holds another number of moves than the match counted) or ``result`` (the moves
    do not reach the result the match recorded)."""

    hands: int
    moves: int
    problem: str | None = None
    at: int = 0
    committed: bool = True
    """Whether the match recorded a commitment (matches dealt before it did not)."""

    @property
    def fair(self) -> bool:
        """Every check passed, the commitment's included (a match without one never is)."""
        return self.problem is None and self.committed


def verify(
    game: Game,
    seed: Seed,
    committed: str,
    moves: Sequence[SavedMove],
    final: State,
    result: dict[str, Any] | None = None,
    counted: int | None = None,
) -> Verdict:
    """Check a saved match (``committed``: its recorded commitment, "" for none;
    ``result``: the ``match_over`` event it recorded, when it is recorded as played to
    its end; ``counted``: the moves its row counted, however it ended)."""
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
    if counted is not None and counted != len(moves):
        return _found(state, moves, "short", len(moves), committed)
    if result is not None and not _reaches(state, moves, result):
        return _found(state, moves, "result", len(moves), committed)
    return Verdict(state.hand_no + 1, len(moves), committed=bool(committed))


def _reaches(state: State, moves: Sequence[SavedMove], result: dict[str, Any]) -> bool:
    """Whether the replayed match is over, its last move ending it with ``result``."""
    last = moves[-1].events if moves else []
    ended = [event for event in last if event.get("kind") == "match_over"]
    return state.is_over and ended == [result]


def _found(state: State, moves: Sequence[SavedMove], problem: str, at: int, committed: str):
    return Verdict(state.hand_no + 1, len(moves), problem, at, bool(committed))
