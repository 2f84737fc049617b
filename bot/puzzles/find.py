"""Is this position a puzzle? Pure: the engine's state in, a ``Puzzle`` or None out.

A position is a puzzle when one move is clearly best from what the mover can know:

- **Every card known** (one deal the mover cannot rule out: a two-player last deal,
  the other hand being the cards not yet seen): each move is searched exactly to the
  hand's end. The best must beat every other by ``MARGIN`` points of the hand. In a
  two-player game the line goes on while the mover's next decision, after the other
  side's best reply, is again the only one keeping the best result by ``MARGIN``.
- **A few deals** (at most ``DEALS`` the mover cannot rule out, as in Scopone's last
  rounds, where the other three hands hide the cards not seen, or a two-player round
  before the last, whose stock is the last round): every move is searched
  exactly on every deal; the best must be at least as good as any other on every one
  of them (a bridge play problem) and beat each other move by ``MARGIN`` on average.
  One move to find: the replies depend on cards the mover cannot see.

``MARGIN`` is a whole point of the hand: less than that is a matter of taste, and the
review's "mistake" starts at 0.45 of a point of expected value (``ai.review``).
"""

from __future__ import annotations

import statistics

from ..games import Game, State
from .deals import known_deals
from .exact import best_move, move_values
from .puzzle import Puzzle
from .themes import answer_reason, themes_of

MARGIN = 1.0
"""Points of the hand the answer must win over every other move."""
DEALS = 60
"""The most deals searched for one position."""


def find_puzzle(game: Game, state: State, source: str = "") -> Puzzle | None:
    """The puzzle of the seat to act at ``state``, if it is one."""
    view = state.observe(state.turn)
    if len(view.legal_moves) < 2:
        return None
    deals = known_deals(game, view, DEALS)
    if not deals:
        return None
    found = exact_line(game, state) if len(deals) == 1 else best_on_every_deal(game, deals)
    if found is None:
        return None
    line, loss, other = found
    return Puzzle(
        game=game.name,
        seat=state.turn,
        state=state.to_dict(),
        line=tuple(line),
        loss=loss,
        exact=len(deals) == 1,
        themes=common_themes(game, deals if len(deals) > 1 else [state], line, other),
        reason=answer_reason(game, view, line[0], other),
        source=source,
    )


def common_themes(game: Game, deals: list[State], line: list[int], other: int) -> tuple[str, ...]:
    """The themes the answer has on every deal the mover cannot rule out (on one layout
    alone a theme could rest on cards the mover cannot see)."""
    found = themes_of(game, deals[0], line, other)
    for deal in deals[1:]:
        if not found:
            break
        found = tuple(theme for theme in themes_of(game, deal, line, other) if theme in found)
    return found


def exact_line(game: Game, state: State) -> tuple[list[int], float, int] | None:
    """The answer's line, the first decision's margin and the best other first move."""
    seat = state.turn
    line: list[int] = []
    replies: list[int] = []
    first: tuple[float, int] | None = None
    hand = state.hand_no
    while not state.is_over and state.hand_no == hand and state.turn == seat:
        values = move_values(game, state)
        ranked = sorted(values, key=values.__getitem__, reverse=True)
        if len(ranked) < 2 or values[ranked[0]] - values[ranked[1]] < MARGIN:
            break
        first = first or (values[ranked[0]] - values[ranked[1]], ranked[1])
        line += [*replies, ranked[0]]
        if game.players > 2:  # a line alternates the mover and one other seat
            break
        state, replies = _after(game, state, ranked[0])
    if first is None:
        return None
    return line, first[0], first[1]


def _after(game: Game, state: State, move: int) -> tuple[State, list[int]]:
    """The state after ``move`` and the other seats' best replies, up to the mover's
    next turn (or the hand's end)."""
    seat, hand = state.turn, state.hand_no
    state, _ = state.apply(move)
    replies = []
    while not state.is_over and state.hand_no == hand and state.turn != seat:
        reply = best_move(game, state)
        replies.append(reply)
        state, _ = state.apply(reply)
    return state, replies


def best_on_every_deal(game: Game, deals: list[State]) -> tuple[list[int], float, int] | None:
    """A one-move answer at least as good as any other on every deal, ``MARGIN`` better
    on average; with its margin and the best other move."""
    values = [move_values(game, deal) for deal in deals]
    moves = list(values[0])
    mean = {move: statistics.fmean(v[move] for v in values) for move in moves}
    ranked = sorted(moves, key=mean.__getitem__, reverse=True)
    best, other = ranked[0], ranked[1]
    if any(v[best] < max(v.values()) for v in values):
        return None
    margin = min(statistics.fmean(v[best] - v[move] for v in values) for move in ranked[1:])
    if margin < MARGIN:
        return None
    return [best], margin, other
