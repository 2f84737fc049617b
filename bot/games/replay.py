"""A match played again from its seed and its moves: every position it went through.

A match is its seed (``State.seed``: the same seed deals the same cards) and the
moves made, so the move log of a finished match (each move in ``format_move``'s
text) rebuilds it position by position, for matches saved before replays existed
too. ``replay`` checks every move against the rules as it goes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .engine import Game, IllegalMoveError, Seed, State
from .events import Event
from .moves import MoveParseError, parse_move


class ReplayError(ValueError):
    """The moves do not make a match from this seed (a log from other rules)."""


@dataclass(frozen=True, slots=True)
class Step:
    """A position of the match: ``state`` after ``move`` (played by ``seat``), with
    the events it made. The first step is the first deal: ``seat`` and ``move`` -1."""

    state: State
    seat: int
    move: int
    events: tuple[Event, ...]


def replay(game: Game, seed: Seed, moves: Iterable[str]) -> list[Step]:
    """The match dealt from ``seed`` with ``moves`` played in order: the first deal,
    then one step per move."""
    events: list[Event] = []
    state = game.new_match(seed, events)
    steps = [Step(state, -1, -1, tuple(events))]
    for number, text in enumerate(moves, start=1):
        try:
            move = parse_move(text)
            seat = state.turn
            state, made = state.apply(move)
        except (MoveParseError, IllegalMoveError) as exc:
            raise ReplayError(f"move {number} ('{text}') does not replay: {exc}") from None
        steps.append(Step(state, seat, move, tuple(made)))
    return steps
