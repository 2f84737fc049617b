"""The hard player's search where the whole deck is dealt at once (Scopone): each move,
then the next seat's best reply in expectation over which hidden cards it holds, and
for the best two moves the partner's answer to each reply as well.

With ten cards in each hand and thirty unseen, a few dozen sampled deals leave the
reply to a move mostly noise. Here the reply is weighed card by card instead: for
every hidden card, the reply the next seat would make with it (the one worst for
us, by ``ExpertEvaluator``), and the chance that it is the best card that seat
holds: cards sorted from the reply's best to its worst, card ``k`` is the one played
when the seat holds it and none of the better ones, each held with its chance
``p`` (the seat's share of the card, weighted by ``inference.Beliefs``), taken as
independent. At the horizon the seat to act's sweep threat is likewise a chance:
that it holds a card worth the sweep. Every other hidden card stays where one
determinisation put it. The ``DEEPER_MOVES`` best moves are then weighed again, each
reply followed by the partner's best answer, weighed the same way over the cards the
partner may hold (its best for our side). The last eight cards in hands are searched
to the hand's end on sampled deals, as in the other games (``expert``).

In the arena, with partners alike, against ``greedy`` (``--duplicate``, 100 deal pairs):
the reply alone made +0.564 [0.412, 0.716] and +0.557 [0.394, 0.719] points a hand
(seeds 1 and 2, CPU p50 1.9 ms, p95 26-28 ms); with the partner's answers for the two
best moves +0.833 [0.698, 0.968] and +0.818 [0.674, 0.962] (CPU p50 10.8 ms, p95 31 ms);
for the best three +0.744 (p95 44 ms). Sampled deals searched two plies deep made
+0.11 [-0.23, 0.45] (60 matches, seed 1) and the same two plies given every hand +1.90.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..games import Game, Observation, State
from ..games.cards import VALUE, mask_of
from .inference import EVEN, Beliefs
from .search import SWEEP_THREAT, ExpertEvaluator, sweeping_values

Chances = dict[int, dict[int, float]]
"""Per hidden card, per other seat, the chance the seat holds it."""
DEEPER_MOVES = 2
"""The best moves by the next seat's reply weighed again with the partner's answer."""


def best_move(game: Game, view: Observation, rng: random.Random, deeper: int = DEEPER_MOVES) -> int:
    """The move whose expected value after the next seat's reply is highest, the
    ``deeper`` best of them weighed again with the partner's answer to each reply."""
    moves = view.legal_moves
    values = reply_values(game, view, rng)
    best = sorted(range(len(moves)), key=values.__getitem__, reverse=True)[:deeper]
    if len(best) < 2:
        return moves[best[0]]
    answered = reply_values(game, view, rng, [moves[index] for index in best], partner=True)
    return moves[best[answered.index(max(answered))]]


def reply_values(
    game: Game,
    view: Observation,
    rng: random.Random,
    moves: Sequence[int] | None = None,
    *,
    partner: bool = False,
) -> list[float]:
    """Each move's expected value after the next seat's reply (``moves``: the legal
    ones, in order), and with ``partner`` after the following seat's answer to it."""
    beliefs = Beliefs(game, view)
    chances = _chances(view, beliefs)
    evaluate = _Evaluator(game, list(view.scores), chances, view.seat)
    deal = beliefs.deal(rng)
    side, hand_no = game.side_of[view.seat], view.hand_number - 1
    reply = _Replies(game, evaluate, side, chances, hand_no)
    values = []
    for move in view.legal_moves if moves is None else moves:
        after = deal.copy()
        game.play(after, move, None)
        if after.hand_no != hand_no or after.winners is not None:
            values.append(evaluate.result(after, side))
        else:
            values.append(reply.expected(after, 2 if partner else 1))
    return values


def _chances(view: Observation, beliefs: Beliefs) -> Chances:
    """Each hidden card shared among the other seats by hand size and rank weight."""
    others = [seat for seat, size in enumerate(view.hand_sizes) if size and seat != view.seat]
    chances: Chances = {}
    for card in beliefs.unseen:
        weights = {
            seat: view.hand_sizes[seat] * beliefs.weights.get(seat, EVEN)[VALUE[card]]
            for seat in others
        }
        total = sum(weights.values()) or 1.0
        chances[card] = {seat: weight / total for seat, weight in weights.items()}
    return chances


class _Replies:
    """The expected value of a position after its seat to act's reply (and, ``depth``
    2, the next seat's answer to each reply)."""

    def __init__(
        self, game: Game, evaluate: _Evaluator, side: int, chances: Chances, hand_no: int
    ) -> None:
        self.game, self.evaluate, self.side = game, evaluate, side
        self.chances, self.hand_no = chances, hand_no

    def expected(self, after: State, depth: int) -> float:
        """Each card the seat may hold, its best move with it (for the seat's side; with
        ``depth`` 2 the position after it answered in expectation), then the chance that
        it is the best card the seat holds: cards sorted from the best reply to the
        worst, card ``k`` played when the seat holds it and none better."""
        seat = after.turn
        ours = self.game.side_of[seat] == self.side
        holder = {card: owner for owner, hand in enumerate(after.hands) for card in hand}
        replies = []
        for card, shares in self.chances.items():
            if card in holder and shares.get(seat):
                given = _with_card(after, seat, card, holder[card])
                best = self._best_with(given, card, ours)
                if best is not None:
                    worth, child = best
                    if depth > 1 and child is not None:
                        worth = self.expected(child, depth - 1)
                    replies.append((worth, shares[seat]))
        if not replies:
            return self.evaluate(after, self.side)
        replies.sort(reverse=ours)
        value = mass = 0.0
        none_better = 1.0
        for worth, chance in replies:
            value += worth * none_better * chance
            mass += none_better * chance
            none_better *= 1.0 - chance
        return value / mass

    def _best_with(self, given: State, card: int, ours: bool) -> tuple[float, State | None] | None:
        """The best move with ``card`` for the seat to act's side, by the position it
        leads to: its value, and that position unless the hand ended there."""
        game, evaluate, side = self.game, self.evaluate, self.side
        best: tuple[float, State | None] | None = None
        for move in game.legal_moves(given):
            if move & 63 != card:
                continue
            child = given.copy()
            game.play(child, move, None)
            if child.hand_no != self.hand_no or child.winners is not None:
                found = (evaluate.result(child, side), None)
            else:
                found = (evaluate(child, side), child)
            if best is None or (found[0] > best[0] if ours else found[0] < best[0]):
                best = found
        return best


def _with_card(state: State, seat: int, card: int, holder: int) -> State:
    """A copy of ``state`` where ``seat`` holds ``card``, swapped for one of its own."""
    given = state.copy()
    if holder != seat:
        mine = given.hands[seat]
        given.hands[seat] = (card, *mine[1:])
        given.hands[holder] = tuple(mine[0] if c == card else c for c in given.hands[holder])
    return given


class _Evaluator(ExpertEvaluator):
    """The expert's evaluation with the sweep threat of a hidden hand as a chance."""

    def __init__(self, game: Game, before: list[int], chances: Chances, seat: int) -> None:
        super().__init__(game, before)
        self.chances, self.seat = chances, seat

    def _sweep_threat(self, s: State, side: int) -> float:
        table, seat = s.tmask, s.turn
        if not table or seat < 0 or s.winners is not None:
            return 0.0
        needs = sweeping_values(self.game, table)
        threat = SWEEP_THREAT if self.side_of[seat] == side else -SWEEP_THREAT
        if seat == self.seat:
            return threat if any(VALUE[card] in needs for card in s.hands[seat]) else 0.0
        in_hands = 0
        for hand in s.hands:
            in_hands |= mask_of(hand)
        none = 1.0
        for card, shares in self.chances.items():
            if VALUE[card] in needs and in_hands >> card & 1:
                none *= 1.0 - shares.get(seat, 0.0)
        return threat * (1.0 - none)
