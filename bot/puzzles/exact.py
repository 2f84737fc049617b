"""Exact values to the end of a hand, for positions where every card is known.

    values = move_values(game, state)     # {move: points}, the mover's side's view

A move's value is the hand's points of the mover's side less the other side's, at
the hand's end, both sides playing their best (alpha-beta over the engine's own
moves, every capture choice a move of its own). The state must hold the real cards:
for a two-player game's last deal (the stock empty) a player who counts the cards
knows the other hand, so these values are what that player can know; elsewhere
``deals.known_deals`` gives every deal the mover cannot rule out. Two sides only
(two players, or Scopone's pairs).
"""

from __future__ import annotations

from ..games import Game, State

WIN = 1000.0
"""Larger than any hand's points."""


class ExactSearch:
    """Alpha-beta to the hand's end from ``side``'s point of view; ``nodes`` counts the
    positions searched."""

    def __init__(self, game: Game, side: int) -> None:
        self.game, self.side = game, side
        self.nodes = 0

    def value(self, state: State, hand: int, before: list[int], alpha: float, beta: float) -> float:
        """The hand's points for ``side`` less the other side's, from ``state`` on."""
        self.nodes += 1
        if state.is_over or state.hand_no != hand:
            return self._result(state, before)
        moves = state.legal_moves()
        maximising = self.game.side_of[state.turn] == self.side
        best = -WIN if maximising else WIN
        for move in moves:
            after = state.copy()
            self.game.play(after, move, None)
            value = self.value(after, hand, before, alpha, beta)
            if maximising:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    def _result(self, state: State, before: list[int]) -> float:
        points = self.game.hand_points(before, state.scores)
        mine = points[self.side]
        others = max(p for side, p in enumerate(points) if side != self.side)
        return float(mine - others)


def move_values(game: Game, state: State) -> dict[int, float]:
    """Each legal move of the seat to act, valued exactly (``ExactSearch``)."""
    search = ExactSearch(game, game.side_of[state.turn])
    before, hand = list(state.scores), state.hand_no
    values = {}
    for move in state.legal_moves():
        after = state.copy()
        game.play(after, move, None)
        values[move] = search.value(after, hand, before, -WIN, WIN)
    return values


def best_move(game: Game, state: State) -> int:
    """The seat to act's best move (the first of equals): the one that leaves the
    other side the least (two sides)."""
    search = ExactSearch(game, 1 - game.side_of[state.turn])
    before, hand = list(state.scores), state.hand_no
    best, chosen = WIN, -1
    for move in state.legal_moves():
        after = state.copy()
        game.play(after, move, None)
        value = search.value(after, hand, before, -WIN, best)
        if value < best or chosen < 0:
            best, chosen = value, move
    return chosen
