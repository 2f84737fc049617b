"""The hard player: determinised alpha-beta over many deals, dealt by what the other
seats' plays say about their hands, with successive halving and an exact end-game.

For each decision the expert deals the cards it has not seen to the other hands
and the stock (``inference.Beliefs.deal``: only the seat's view goes in; a rank
another seat's moves this deal round suggest it lacks is dealt to it less often),
and searches every legal move on the same deals with alpha-beta ``DEPTH`` plies
deep, the move included (in Scopa, the first moves of a deal round search to the
round's end). ``search.ExpertEvaluator`` estimates the position there: ``pimc``'s
evaluation, but Scopa's primiera from the sevens, sixes and aces taken (fitted to
``pimc`` self-play); a hand that ends inside the search is scored exactly. The
move with the best average (its side's points minus the best other side's, plus
the match bonus when the hand decides the match) wins. Moves are
whittled down by successive halving, so the budget goes to the moves that are
still in contention, and rounds left short share what the earlier ones saved.
In the arena, searching every reply did better than short play-outs with a
capture-first policy in Escoba (+0.35 points a hand against ``pimc``, was +0.23)
and no worse in Scopa and Rubamazzo. In Scopa the fitted primiera took the margin
against ``pimc`` from +0.24 to +0.25 points a hand, searching to the round's end
then to +0.28 [0.20, 0.36] (400 matches, seed 1); with a fifth fewer positions,
to keep within 50 ms, +0.35 [0.28, 0.43], within the noise of the larger budget.
A Rubamazzo evaluation fitted the same way (pile lead, steal, pile exposed to
the next seat) and lower inference odds did no better against ``greedy``
(57-60% of matches, within the noise), so Rubamazzo keeps ``pimc``'s evaluation.
Nor did twice the positions, searching to the round's end, counting the next
seat's steal at the horizon, or replies chosen as if the other seat could not see
the expert's hand (57-60% over 800-1200 matches each). What Rubamazzo
lacks is the other hand: the same search given the real other hand (stock still
hidden) wins 69% [66, 73] against ``greedy``, and without the inference from the
other seat's plays it falls from 59% to 57%.

When the stock is empty and few cards are left in hands, each deal is searched
to the end of the hand; when no card is hidden at all (two players, last deal) a
single exact search decides.

The budget is a number of plies (positions searched, a deal counted as
``DEAL_COST``), the same on any machine: calibrated so a decision takes at most
about 50 ms of one idle core (95th percentile, see ``python -m bot.ai.arena``).
``Budget.seconds`` is only a safety cap; bot seats set it to ``seats.SEAT_SECONDS``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..games import Game, Observation, State
from ..games.cards import FULL_DECK, mask_of
from .expectation import DEEPER_MOVES, reply_values
from .expectation import best_move as expected_best
from .inference import Beliefs
from .search import AlphaBeta, ExpertEvaluator

DEPTH = 4
"""Plies searched after each deal, the move included: the move, the reply, the next
move and its reply, the position then estimated with the seat to act's threats."""
EXACT_CARDS = 8
"""Search exactly once the stock is empty and at most this many cards are in hands."""
EXACT_DEPTH = 64
"""Deeper than any hand's remaining plies."""
REPLY_EXPECTED = frozenset({"scopone"})
"""Games whose whole deck is dealt at once, searched by ``expectation.best_move``: the
move and the next seat's reply weighed over the cards it may hold (the best two moves
with the partner's answers too), no sampled deals.
Sampled deals searched two plies deep made +0.11 [-0.23, 0.45] points a hand against
``greedy`` in Scopone (60 matches, seed 1; four plies: -0.29 over 40), the same search
given every hand +1.90: what the deals lacked was the other hands, not depth."""
TO_ROUND_END = frozenset({"scopa"})
ROUND_END_CARDS = 12
"""At most this many cards in hands for a search to the round's end (four players'
three cards; a Scopa d'Assi for four deals the whole deck at once)."""
"""Games whose first moves of a deal round search to the round's end, however deep:
the last cards of a round make or give away most scope."""
DEAL_COST = 4
"""What dealing the unseen cards costs, in plies."""
PLY_COST = {"escoba": 1.0, "scopa": 1.25, "scopone": 1.3, "cirulla": 2.3, "rubamazzo": 1.3}
"""A searched position's cost relative to Escoba's (Rubamazzo's moves take longer,
and Scopa's searches to a round's end take the longest decisions). Scopone searches
deals only for its last eight cards, to the hand's end: at 1.0 a CPU p95 of 61 ms,
at 1.3 44 ms (``REPLY_EXPECTED``). Cirulla's positions cost most (both
kinds of capture, the coin bonuses in the evaluation): at 1.25 a CPU p95 of 81 ms, at
2.3 46 ms for +3.47 [2.69, 4.25] points a hand against ``greedy`` (40 matches to 51,
seed 1; +3.33 at 1.25)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking one decision may take: ``plies`` positions searched (the
    same number every time, so a seed gives the same move on any machine), with
    ``seconds`` as a safety cap for a machine that is very busy."""

    plies: int = 4000
    seconds: float = 0.25


class Expert:
    """A policy object: ``expert(game, view, rng) -> move``; ``deeper``: the moves a
    ``REPLY_EXPECTED`` game weighs again with the partner's answers (1: none, as
    ``expert_v1`` did)."""

    def __init__(self, budget: Budget | None = None, deeper: int = DEEPER_MOVES) -> None:
        self.budget = budget or Budget()
        self.deeper = deeper

    def __call__(self, game: Game, view: Observation, rng: random.Random) -> int:
        moves = list(view.legal_moves)
        if (call := game.declaration_choice(view.hand, moves)) is not None:
            return call
        if len(moves) == 1:
            return moves[0]
        budget = self.budget
        search = _Search(game, view, rng, time.perf_counter() + budget.seconds)
        if search.fully_known:
            return search.best_exact(moves)
        if game.name in REPLY_EXPECTED and search.depth != EXACT_DEPTH:
            return expected_best(game, view, rng, self.deeper)
        return search.successive_halving(moves, int(budget.plies / PLY_COST[game.name]))


def move_values(game: Game, view: Observation, rng: random.Random, plies: int) -> list[float]:
    """Every legal move's value from ``view``, in order (what a review weighs a decision
    by): each move searched on the same deals until ``plies`` are spent, exactly when
    nothing that matters is hidden; in ``REPLY_EXPECTED`` games, ``reply_values`` with
    the partner's answers (as the hard bot weighs its best moves)."""
    search = _Search(game, view, rng, math.inf)
    moves = view.legal_moves
    if search.fully_known:
        state = game.resample(view, rng)
        return [search.value_after(state, move) for move in moves]
    if game.name in REPLY_EXPECTED and search.depth != EXACT_DEPTH:
        return reply_values(game, view, rng, partner=True)
    totals, deals = [0.0] * len(moves), 0
    while not deals or search.work < plies:
        state = search.beliefs.deal(rng)
        search.work += DEAL_COST
        deals += 1
        for index, move in enumerate(moves):
            totals[index] += search.value_after(state, move)
    return [total / deals for total in totals]


class _Search:
    def __init__(self, game: Game, view: Observation, rng: random.Random, deadline: float) -> None:
        self.game, self.view, self.rng, self.deadline = game, view, rng, deadline
        hidden = FULL_DECK & ~mask_of(view.seen) & ~mask_of(view.hand)
        holders = [s for s, n in enumerate(view.hand_sizes) if n and s != view.seat]
        exact = not view.stock and sum(view.hand_sizes) <= EXACT_CARDS
        self.fully_known = exact and (len(holders) <= 1 or not hidden)
        self.depth = EXACT_DEPTH if exact else _depth(game, view)
        self.beliefs = Beliefs(game, view)
        evaluate = ExpertEvaluator(game, list(view.scores))
        self.alphabeta = AlphaBeta(game, evaluate, game.side_of[view.seat], view.hand_number - 1)
        self.work = 0
        """Positions searched so far, and ``DEAL_COST`` a deal."""

    def best_exact(self, moves: list[int]) -> int:
        state = self.game.resample(self.view, self.rng)
        values = [self.value_after(state, move) for move in moves]
        return moves[values.index(max(values))]

    def successive_halving(self, moves: list[int], plies: int) -> int:
        """Spend ``plies`` in rounds; after each round keep the better half of the
        moves (rounded up: three keep two), and share what is left among the rounds
        still to come. Every move still in play sees the same deals. (Keeping one of
        three left half the budget unspent: spending it changed Escoba's margin
        against ``greedy`` from +1.02 [0.89, 1.15] to +0.93 [0.80, 1.06] points a hand,
        within the noise, for CPU p50 7.3 → 14.3 ms, p95 16.9 → 22.6 ms; 200 matches,
        seed 1.)"""
        totals = dict.fromkeys(moves, 0.0)
        alive = list(moves)
        budget_end = self.work + plies
        while len(alive) > 1:
            rounds = math.ceil(math.log2(len(alive)))
            end = self.work + (budget_end - self.work) // rounds
            dealt = False
            while not dealt or self.work < end:
                if dealt and time.perf_counter() > self.deadline:
                    break
                state = self.beliefs.deal(self.rng)
                self.work += DEAL_COST
                for move in alive:
                    totals[move] += self.value_after(state, move)
                dealt = True
            alive.sort(key=totals.__getitem__, reverse=True)
            alive = alive[: math.ceil(len(alive) / 2)]  # three moves keep two, not one
        return alive[0]

    def value_after(self, state: State, move: int) -> float:
        """The alpha-beta value after ``move``, ``self.depth`` plies further down."""
        after = state.copy()
        self.game.play(after, move, None)
        search = self.alphabeta
        before = search.nodes
        value = search.value(after, self.depth)
        self.work += search.nodes - before
        return value


def _depth(game: Game, view: Observation) -> int:
    """Plies to search after the move: ``DEPTH`` in all, or to the deal round's end."""
    cards = sum(view.hand_sizes)
    if game.name in TO_ROUND_END and cards <= ROUND_END_CARDS:
        return max(DEPTH - 1, cards - 1)
    return DEPTH - 1
