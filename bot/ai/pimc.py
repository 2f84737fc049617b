"""The reference player: perfect-information Monte Carlo with alpha-beta.

For each decision ``pimc`` deals the cards its seat has not seen ``deals`` times
at random (``Game.resample`` of its own observation: nothing hidden goes in),
searches every legal move on each deal with alpha-beta to ``depth`` plies (the
move itself included) and a static evaluation (``search.Evaluator``: cards,
coins, the 7 of coins, sevens or primiera, sweep threats; Rubamazzo's pile
sizes and steal exposure), and plays the move with the best total over the
deals. Once the stock is empty each deal is solved exactly to the end of the
hand (when at most ``EXACT_CARDS`` cards are left in hands: big Rubamazzo
hands or four players are searched to ``depth`` until then). Defaults: 6
deals, depth 3.

It is the yardstick the expert is measured against (``python -m bot.ai.arena
--a expert --b pimc``), so it is kept as strong as its recipe allows.
"""

from __future__ import annotations

import random

from ..games import Game, Observation
from .search import AlphaBeta, Evaluator

EXACT_DEPTH = 64
"""Deeper than any hand's remaining plies: search to the end."""
EXACT_CARDS = 8
"""The most cards left in hands that an exact search takes on."""


class Pimc:
    """A policy object: ``pimc(game, view, rng) -> move``."""

    def __init__(self, deals: int = 6, depth: int = 3) -> None:
        self.deals, self.depth = deals, depth

    def __call__(self, game: Game, view: Observation, rng: random.Random) -> int:
        moves = list(view.legal_moves)
        if (call := game.declaration_choice(view.hand, moves)) is not None:
            return call
        if len(moves) == 1:
            return moves[0]
        side = game.side_of[view.seat]
        search = AlphaBeta(game, Evaluator(game, list(view.scores)), side, view.hand_number - 1)
        exact = not view.stock and sum(view.hand_sizes) <= EXACT_CARDS
        depth = EXACT_DEPTH if exact else self.depth - 1
        hidden_holders = sum(1 for s, n in enumerate(view.hand_sizes) if n and s != view.seat)
        deals = 1 if exact and hidden_holders <= 1 else self.deals
        totals = [0.0] * len(moves)
        for _ in range(deals):
            state = game.resample(view, rng)
            for index, move in enumerate(moves):
                child = state.copy()
                game.play(child, move, None)
                totals[index] += search.value(child, depth)
        return moves[totals.index(max(totals))]
