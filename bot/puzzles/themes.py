"""A puzzle's themes: what its answer does that the best other first move does not.

Both are played out to the hand's end, both sides playing their best (``exact``), and
compared from the mover's side:

- ``sweep``: the answer's own moves score a sweep (a scopa, an escoba);
- ``sweep_prevented``: after the other move, the reply would sweep the table;
- ``last_capture``: the answer makes the mover's side the hand's last taker (the
  table's last cards are theirs), the other move does not;
- ``matta``: the answer's first move plays or takes the game's wild card
  (``Game.wild_card``: Cirulla's matta);
- each scoring category the game declares (``Game.categories``: ``primiera``,
  ``seven_of_coins``, ``coins``, ``cards``, ``re_bello``, ``grande``, …) that the
  answer wins more points of than the other move (the sweeps' own category aside: the
  first two themes say more).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.review import tempting_moves
from ..games import Game, Observation, State, move_capture, move_card
from ..games.events import Captured, Event, HandScored, LeftoversTaken
from .exact import best_move

PLAY_THEMES = ("sweep", "sweep_prevented", "last_capture", "matta")
"""The themes that are not a scoring category."""


def themes_of(game: Game, state: State, line: Sequence[int], other: int) -> tuple[str, ...]:
    """The themes of the answer ``line`` against the first move ``other``."""
    seat = state.turn
    side = game.side_of[seat]
    answer = _played_out(game, state, list(line))
    instead = _played_out(game, state, [other])
    found = []
    if any(_sweeps(event, game, side) for event in answer[: len(line)]):
        found.append("sweep")
    if _reply_sweeps(instead, game, side) and not _reply_sweeps(answer, game, side):
        found.append("sweep_prevented")
    if _last_taker(answer, game) == side != _last_taker(instead, game):
        found.append("last_capture")
    if _moves_wild_card(game, line[0]):
        found.append("matta")
    mine, theirs = _categories(answer, side), _categories(instead, side)
    found += [
        name
        for name in game.categories
        if name != "sweeps" and mine.get(name, 0) > theirs.get(name, 0)
    ]
    return tuple(found)


def answer_reason(game: Game, view: Observation, answer: int, other: int) -> str:
    """The review's word for the answer (``ai.review``'s ``Decision.reason``), as the
    review would give it to the best other move ``other``: ``missed_sweep`` or
    ``left_seven`` when ``other`` passes up a sweep or the seven of coins the answer
    takes, ``right_to_pass`` when the answer passes one up; else ''."""
    tempting = tempting_moves(game, view, other)
    if tempting and answer in tempting[1]:
        return tempting[0]
    return "right_to_pass" if tempting_moves(game, view, answer) else ""


def _moves_wild_card(game: Game, move: int) -> bool:
    wild = game.wild_card
    return wild >= 0 and (move_card(move) == wild or bool(move_capture(move) >> wild & 1))


def _played_out(game: Game, state: State, moves: list[int]) -> list[list[Event]]:
    """The events of each move: ``moves``, then both sides' best to the hand's end."""
    hand, played = state.hand_no, []
    while not state.is_over and state.hand_no == hand:
        move = moves.pop(0) if moves else best_move(game, state)
        state, events = state.apply(move)
        played.append(events)
    return played


def _sweeps(events: list[Event], game: Game, side: int) -> bool:
    return any(
        isinstance(event, Captured) and event.sweep and game.side_of[event.seat] == side
        for event in events
    )


def _reply_sweeps(played: list[list[Event]], game: Game, side: int) -> bool:
    """Whether the move after the first one sweeps for the other side."""
    return len(played) > 1 and _sweeps(played[1], game, 1 - side)


def _last_taker(played: list[list[Event]], game: Game) -> int:
    for events in played:
        for event in events:
            if isinstance(event, LeftoversTaken) and event.seat >= 0:
                return game.side_of[event.seat]
    return -1


def _categories(played: list[list[Event]], side: int) -> dict[str, int]:
    for events in played:
        for event in events:
            if isinstance(event, HandScored):
                return event.score.points[side]
    return {}
