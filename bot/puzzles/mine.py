"""Mining: the bot's levels play matches, and every position of them is asked whether
it is a puzzle (``find.find_puzzle``). Pure: matches in, puzzles out.

    for puzzle in mine_match("scopa", seed=7):
        ...

Each match is played by two of the ladder's levels drawn from the seed (the hard bot's
searches are left out: the mixed ``sharp`` level stands for the strong end), the
game's own rules at two players (Scopone's two pairs). A position met while following
an earlier puzzle's answer is the same puzzle again, so it is skipped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..ai.levels import make_level
from ..games import Game, State, make_game
from .find import exact_line, find_puzzle
from .puzzle import Puzzle, position_key

GAMES = ("scopa", "escoba", "cirulla", "rubamazzo", "scopone")
"""The games mined, in the order matches are spread over them."""
LEVELS = ("random", "learner", "greedy", "sharp")
"""The levels whose matches are mined."""
TARGETS = {"scopa": 11, "escoba": 21, "cirulla": 51, "scopone": 11}


def game_of(name: str) -> Game:
    """The mined rules of ``name``: its defaults, at two players where it can be."""
    options: dict = {"players": 4 if name == "scopone" else 2}
    if name in TARGETS:
        options["target_score"] = TARGETS[name]
    return make_game(name, options)


def mine_match(name: str, seed: int) -> Iterator[Puzzle]:
    """The puzzles of one match of ``name`` dealt from ``seed``."""
    game = game_of(name)
    rng = random.Random(seed)
    players = [make_level(rng.choice(LEVELS)) for _ in game.sides]
    state = game.new_match(seed)
    inside: set[str] = set()
    step = 0
    while not state.is_over:
        key = position_key(state.to_dict(), state.turn)
        if key not in inside and (puzzle := find_puzzle(game, state, f"{name}:{seed}/{step}")):
            inside |= set(_later_decisions(game, state, puzzle.line))
            yield puzzle
        player = players[game.side_of[state.turn]]
        state, _ = state.apply(player(game, state.observe(state.turn), rng))
        step += 1


def _later_decisions(game: Game, state: State, line: tuple[int, ...]) -> list[str]:
    """The keys of the positions the answer's later moves are played from."""
    keys, seat = [], state.turn
    for index, move in enumerate(line):
        if index and state.turn == seat:
            keys.append(position_key(state.to_dict(), seat))
        state, _ = state.apply(move)
    return keys


def verify(puzzle: Puzzle) -> bool:
    """An exact puzzle's answer searched again from scratch: the same line."""
    if not puzzle.exact:
        return True
    state = puzzle.position()
    found = exact_line(state.game, state)
    return found is not None and tuple(found[0]) == puzzle.line
