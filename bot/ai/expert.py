"""The hard player: determinised Monte Carlo search with short play-outs, a static
evaluation and an exact end-game.

For each decision the expert deals the cards it has not seen at random to the
other hands and the stock (``Game.resample``: only the seat's view goes in),
tries every legal move on the same deals, and plays each deal on for
``Budget.horizon`` plies (ten) with a quick capture-first policy for every seat
(informed play-outs: sweep, else take the most, else shed the cheapest card;
avoid leaving a table the next hand can sweep; Rubamazzo: weigh the pile the
next hand can steal; the play-out's deal is known, so "can" is read from the
next hand in it). Where the play-out stops, ``search.Evaluator`` estimates the
hand (the same evaluation as ``pimc``); a hand that ends inside the play-out is
scored exactly. The move with the best average (its side's points minus the best
other side's, plus the match bonus when the hand decides the match) wins. Moves
are whittled down by successive halving, so the budget goes to the moves that
are still in contention, and rounds left short share what the earlier ones saved.

When the stock is empty and few cards are left in hands, each deal is searched
exactly (alpha-beta to the end of the hand) instead of played out; when no card
is hidden at all (two players, last deal) a single exact search decides.

The budget is a number of plies (play-out moves and searched positions, with a
deal and a play-out's start counted too), the same on any machine: calibrated so
a decision takes at most about 50 ms of one idle core (95th percentile, see
``python -m bot.ai.arena``). ``Budget.seconds`` is only a safety cap; bot seats
set it to ``seats.SEAT_SECONDS``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..games import Game, Observation, State
from ..games.cards import FULL_DECK, RANK_MASK, VALUE, mask_of
from .inference import Beliefs
from .search import AlphaBeta, Evaluator

SEVEN_OF_COINS = 1 << 6
SEVEN_OF_COINS_BONUS = 4.0
ESCOBA_RANK_BONUS = (0, 0, 0, 0, 0, 0, 2.0, 0, 0, 0)
"""Play-out worth of a card beyond 1 (and 1 more for a coin): sevens count in Escoba."""
SCOPA_RANK_BONUS = (1.0, 0, 0, 0, 0.5, 1.0, 2.0, 0, 0, 0)
"""In Scopa the primiera also prizes sixes, aces and fives."""
SWEEP = 12.0
PLAYOUT_NOISE = 0.5
"""Play-out moves are scored with this much noise, so deals are played out in varied ways."""
EXACT_CARDS = 8
"""Search exactly once the stock is empty and at most this many cards are in hands."""
EXACT_DEPTH = 64
"""Deeper than any hand's remaining plies."""
DEAL_COST, PLAYOUT_COST = 4, 2
"""What dealing the unseen cards and starting a play-out cost, in plies."""
PLY_COST = {"escoba": 1.0, "scopa": 1.0, "rubamazzo": 1.4}
"""A play-out ply's cost relative to Escoba's (Rubamazzo's moves take longer)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking one decision may take: ``plies`` positions played out or
    searched (the same number every time, so a seed gives the same move on any
    machine), with ``seconds`` as a safety cap for a machine that is very busy."""

    plies: int = 4000
    seconds: float = 0.25
    horizon: int = 10
    """Plies a play-out runs before the static evaluation takes over (0: to the hand's end)."""


class Expert:
    """A policy object: ``expert(game, view, rng) -> move``."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def __call__(self, game: Game, view: Observation, rng: random.Random) -> int:
        moves = list(view.legal_moves)
        if len(moves) == 1:
            return moves[0]
        budget = self.budget
        deadline = time.perf_counter() + budget.seconds
        search = _Search(game, view, rng, deadline, budget.horizon)
        if search.fully_known:
            return search.best_exact(moves)
        return search.successive_halving(moves, int(budget.plies / PLY_COST[game.name]))


class _Search:
    def __init__(
        self,
        game: Game,
        view: Observation,
        rng: random.Random,
        deadline: float,
        horizon: int,
    ) -> None:
        self.game, self.view, self.rng, self.deadline = game, view, rng, deadline
        self.side = game.side_of[view.seat]
        self.hand_no = view.hand_number - 1
        hidden = FULL_DECK & ~mask_of(view.seen) & ~mask_of(view.hand)
        holders = [s for s, n in enumerate(view.hand_sizes) if n and s != view.seat]
        self.exact = not view.stock and sum(view.hand_sizes) <= EXACT_CARDS
        self.fully_known = self.exact and (len(holders) <= 1 or not hidden)
        self.beliefs = Beliefs(game, view)
        self.playout_move = PLAYOUT_POLICIES[game.name]
        self.evaluate = Evaluator(game, list(view.scores))
        self.alphabeta = AlphaBeta(game, self.evaluate, self.side, self.hand_no)
        self.horizon = horizon or EXACT_DEPTH
        self.work = 0
        """Plies played out plus positions searched so far."""

    # -- exact -----------------------------------------------------------------------

    def best_exact(self, moves: list[int]) -> int:
        state = self.game.resample(self.view, self.rng)
        values = [self._exact_after(state, move) for move in moves]
        return moves[values.index(max(values))]

    def _exact_after(self, state: State, move: int) -> float:
        after = state.copy()
        self.game.play(after, move, None)
        search = self.alphabeta
        before = search.nodes
        value = search.value(after, EXACT_DEPTH)
        self.work += search.nodes - before
        return value

    # -- sampled ---------------------------------------------------------------------

    def successive_halving(self, moves: list[int], plies: int) -> int:
        """Spend ``plies`` in rounds; after each round keep the better half of the
        moves, and share what is left among the rounds still to come. Every move
        still in play sees the same deals."""
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
                seed = self.rng.getrandbits(32)
                self.work += DEAL_COST
                for move in alive:
                    totals[move] += self._value_after(state, move, seed)
                dealt = True
            alive.sort(key=totals.__getitem__, reverse=True)
            alive = alive[: max(1, len(alive) // 2)]
        return alive[0]

    def _value_after(self, state: State, move: int, seed: int) -> float:
        if self.exact:
            return self._exact_after(state, move)
        after = state.copy()
        self.game.play(after, move, None)
        return self._playout(after, random.Random(seed))

    def _playout(self, s: State, rng: random.Random) -> float:
        game, hand_no, choose = self.game, self.hand_no, self.playout_move
        legal_moves, play = game.legal_moves, game.play
        plies = self.horizon
        self.work += PLAYOUT_COST
        while s.hand_no == hand_no and s.winners is None:
            if not plies:
                self.work += self.horizon
                return self.evaluate(s, self.side)
            moves = legal_moves(s)
            play(s, moves[0] if len(moves) == 1 else choose(s, moves, rng), None)
            plies -= 1
        self.work += self.horizon - plies + 1
        return self.evaluate.result(s, self.side)


class _FishingPlayout:
    """Play-out policy for Escoba and Scopa: sweep, else take the most, else shed the
    card worth least; a move that leaves a table the next hand can sweep pays a
    forfeit (a table worth ``low`` to ``high`` is swept by the card worth ``base``
    less its total, or its total when ``base`` is 0). A play-out's deal is known, so
    the next hand is looked at; when it is empty (a new deal is coming) any
    sweepable table pays half. Worths are looked up one suit (ten bits) at a time."""

    def __init__(self, low: int, high: int, base: int, rank_bonus: tuple[float, ...]) -> None:
        self.low, self.high, self.base = low, high, base
        self.totals = _suit_table([rank + 1.0 for rank in range(10)])
        self.worth = _suit_table([1.0 + bonus for bonus in rank_bonus])
        self.coin_worth = _suit_table([2.0 + bonus for bonus in rank_bonus])

    def value_of(self, cards: int) -> float:
        suit = self.worth
        return (
            self.coin_worth[cards & 1023]
            + suit[cards >> 10 & 1023]
            + suit[cards >> 20 & 1023]
            + suit[cards >> 30]
            + (SEVEN_OF_COINS_BONUS if cards & SEVEN_OF_COINS else 0.0)
        )

    def total_of(self, cards: int) -> float:
        """The capture values of ``cards`` added up."""
        totals = self.totals
        return (
            totals[cards & 1023]
            + totals[cards >> 10 & 1023]
            + totals[cards >> 20 & 1023]
            + totals[cards >> 30]
        )

    def __call__(self, s: State, moves: list[int], rng: random.Random) -> int:
        table, value_of, low, high = s.tmask, self.value_of, self.low, self.high
        following = s.hands[s.game.next_seat[s.turn]]
        if following:
            # a play-out's deal is known: only the next hand's cards are a threat
            held, base = 0, self.base
            for card in following:
                held |= 1 << VALUE[card]
        total = -1.0
        best, best_score = moves[0], -math.inf
        for move in moves:
            taken = move >> 6 & FULL_DECK
            if taken:
                score = 4.0 + value_of(taken | 1 << (move & 63))
                if taken == table:
                    score += SWEEP
                else:
                    left = self.total_of(table & ~taken)
                    if following:
                        if low <= left <= high and held >> int(abs(base - left)) & 1:
                            score -= SWEEP
                    elif low <= left <= high:
                        score -= SWEEP / 2
            else:
                if total < 0:
                    total = self.total_of(table)
                score = -value_of(1 << (move & 63))
                left = total + VALUE[move & 63]
                if following:
                    if low <= left <= high and held >> int(abs(base - left)) & 1:
                        score -= SWEEP
                elif low <= left <= high:
                    score -= SWEEP / 2
            score += rng.random() * PLAYOUT_NOISE
            if score > best_score:
                best, best_score = move, score
        return best


def _suit_table(per_rank: list[float]) -> tuple[float, ...]:
    """The sum of ``per_rank`` over the ranks set in every 10-bit suit mask."""
    return tuple(sum(per_rank[r] for r in range(10) if bits >> r & 1) for bits in range(1024))


def _rubamazzo_move(s: State, moves: list[int], rng: random.Random) -> int:
    """Play-out policy for Rubamazzo: take the most cards, steals included, less the
    pile the next player can steal: whether the next hand holds our new top card's
    rank (the play-out's deal is known), or, before a new deal, the odds that one
    of that rank is still out."""
    seat, piles = s.turn, s.piles
    gone = s.tmask | mask_of(s.hands[seat])
    for pile in piles:
        gone |= pile
    unseen = max(1, 40 - gone.bit_count())
    next_hand = s.hands[(seat + 1) % len(piles)]
    following = len(next_hand)
    held = 0  # a play-out's deal is known: the ranks the next hand holds
    for c in next_hand:
        held |= 1 << VALUE[c]
    best, best_score = moves[0], -math.inf
    for move in moves:
        card, taken, steal = move & 63, move >> 6 & FULL_DECK, move >> 48
        score = rng.random() * 0.5 - 0.5
        if taken or steal:
            won = taken.bit_count() + 1
            for victim, pile in enumerate(piles):
                if steal >> victim & 1:
                    won += pile.bit_count()
            if held:
                exposure = held >> VALUE[card] & 1
            else:
                out = (RANK_MASK[VALUE[card] - 1] & ~gone).bit_count()
                exposure = min(1.0, out * following / unseen)
            score = won - (piles[seat].bit_count() + won) * exposure
        if score > best_score:
            best, best_score = move, score
    return best


PLAYOUT_POLICIES = {
    "escoba": _FishingPlayout(5, 14, 15, ESCOBA_RANK_BONUS),
    "scopa": _FishingPlayout(1, 10, 0, SCOPA_RANK_BONUS),
    "rubamazzo": _rubamazzo_move,
}
