"""What the searching players share: a static evaluation of a position and a
depth-limited alpha-beta over one determinised deal.

Values are in hand points from one side's point of view: its points for the
hand less the best other side's, plus ``MATCH_WORTH`` (or minus it) when the
hand ends the match. A finished hand is scored by the engine; an unfinished one
is estimated by ``Evaluator`` from what has been captured so far:

- Escoba and Scopa: escobas / scope made (exact), the 7 of coins (exact once
  taken), and for cards, coins, sevens (Escoba) or primiera (Scopa) a share of
  the point that grows with the lead and with how few cards are left to win;
  the seat to act holding a card that sweeps the table is worth most of a point
  to its side (the sweep threat).
- Rubamazzo: cards in each pile, the seat to act stealing the biggest pile
  whose top card it can match (steal exposure), and a share of the game bonus
  that grows with the lead.

``ExpertEvaluator`` (the expert's) estimates Scopa's primiera from the sevens,
sixes and aces taken instead, a better fit to how hands end.

The evaluation reads the state it is given; searches only ever give it a
determinisation (``Game.resample`` of the seat's own view), never the real deal.
"""

from __future__ import annotations

import math

from ..games import Game, State
from ..games.cards import FULL_DECK, RANK_MASK, SUIT_MASK, VALUE
from ..games.moves import DECLARE_FLAG
from ..games.scoring import _PRIMIERA_ALL10

MATCH_WORTH = {"escoba": 4.0, "scopa": 4.0, "scopone": 4.0, "cirulla": 8.0, "rubamazzo": 30.0}
"""What winning the match is worth, in the hand points each game counts."""
SWEEP_THREAT = 0.8
"""Worth of holding, on the move, a card that empties the table."""
STEAL_THREAT = 0.9
"""Share of a pile the seat to act is expected to steal when it holds the match."""
COINS = SUIT_MASK[0]
SEVENS = RANK_MASK[6]
SEVEN_OF_COINS = 1 << 6
ACES = RANK_MASK[0]
GRANDE = 0b111 << 7
PICCOLA = 0b111
"""``So Co Ro`` and ``1o 2o 3o``: Cirulla's grande (5) and the start of its piccola (3)."""
_VALUE_TABLE = tuple(sum(r + 1 for r in range(10) if bits >> r & 1) for bits in range(1024))
"""Capture-value sum of a 10-bit suit mask."""
_PRIMIERA_BEST = tuple(
    max((_PRIMIERA_ALL10[r] for r in range(10) if bits >> r & 1), default=0) for bits in range(1024)
)
"""The best primiera points of a 10-bit suit mask (0 for an empty suit)."""


def sweeping_values(game: Game, table: int) -> tuple[int, ...]:
    """The card values that would take every card of ``table`` (a non-empty mask),
    most likely first: cards worth it, cards that make 15 with it, or both, and an
    ace where an ace takes all (Cirulla)."""
    total = table_value(table)
    if not game.captures_both:
        need = 15 - total if game.captures_fifteen else total
        return (need,) if 1 <= need <= 10 else ()
    needs = [need for need in (total, 15 - total) if 1 <= need <= 10]
    if not table & ACES and 1 not in needs:
        needs.append(1)
    return tuple(needs)


def table_value(mask: int) -> int:
    """The capture values of the cards in ``mask`` added up."""
    values = _VALUE_TABLE
    return (
        values[mask & 1023]
        + values[mask >> 10 & 1023]
        + values[mask >> 20 & 1023]
        + values[mask >> 30]
    )


def primiera_points(pile: int) -> int:
    """Each suit's best primiera card added up (a suit missing adds nothing)."""
    best = _PRIMIERA_BEST
    return best[pile & 1023] + best[pile >> 10 & 1023] + best[pile >> 20 & 1023] + best[pile >> 30]


def _share(mine: int, best_other: int, need: int, left: int) -> float:
    """My expected share of a "most X" point, minus the leader's among the others:
    +1 or -1 once a side has ``need`` (it cannot be caught), else a smooth guess
    from the lead and the ``left`` cards still to be won."""
    if mine >= need:
        return 1.0
    if best_other >= need:
        return -1.0
    if not left:
        return (mine > best_other) - (mine < best_other)
    return math.tanh((mine - best_other) / (1.0 + 0.35 * left))


class Evaluator:
    """``evaluator(state, side) -> float``: the estimate described in the module
    docstring. ``before`` holds the match scores when the hand began."""

    def __init__(self, game: Game, before: list[int]) -> None:
        self.game, self.before = game, before
        self.side_of = game.side_of
        self.sides = len(game.sides)
        self.steals = game.steals_piles
        self.match_worth = MATCH_WORTH[game.name]
        self.escoba = game.captures_fifteen
        self.both = game.captures_both
        self.grande = "grande" in game.categories
        """Cirulla's coin bonuses and declarations count (``_cirulla``)."""
        self.sevens = "sevens" in game.categories
        """Sevens are scored (Escoba), rather than the primiera (Scopa)."""
        self.heads_up = tuple(game.side_of) == (0, 1)
        """Two seats, each its own side (``_two_sides`` reads their piles as they are)."""

    def result(self, s: State, side: int) -> float:
        """The exact value of a finished hand (or match)."""
        points = self.game.hand_points(self.before, s.scores)
        value = points[side] - max(p for other, p in enumerate(points) if other != side)
        if s.winners:
            value += self.match_worth if side in s.winners else -self.match_worth
        elif s.winners is not None:
            value -= self.match_worth / 2  # a drawn Rubamazzo game
        return value

    def __call__(self, s: State, side: int) -> float:
        if self.steals:
            return self._rubamazzo(s, side)
        return self._fishing(s, side)

    def _side_piles(self, s: State) -> list[int]:
        if self.sides == len(s.piles):
            return s.piles
        piles = [0] * self.sides
        for seat, pile in enumerate(s.piles):
            piles[self.side_of[seat]] |= pile
        return piles

    def _fishing(self, s: State, side: int) -> float:
        if self.sides == 2:
            return self._two_sides(s, side)
        piles = self._side_piles(s)
        sweeps = [0] * self.sides
        for seat, count in enumerate(s.sweeps):
            sweeps[self.side_of[seat]] += count
        mine = piles[side]
        others = [pile for index, pile in enumerate(piles) if index != side]
        taken = mine
        for pile in others:
            taken |= pile
        left = FULL_DECK & ~taken
        value = float(sweeps[side] - max(c for i, c in enumerate(sweeps) if i != side))
        if mine & SEVEN_OF_COINS:
            value += 1.0
        elif taken & SEVEN_OF_COINS:
            value -= 1.0
        cards_left = left.bit_count()
        value += _share(mine.bit_count(), max(p.bit_count() for p in others), 21, cards_left)
        value += _share(
            (mine & COINS).bit_count(),
            max((p & COINS).bit_count() for p in others),
            6,
            (left & COINS).bit_count(),
        )
        if self.sevens:
            value += _share(
                (mine & SEVENS).bit_count(),
                max((p & SEVENS).bit_count() for p in others),
                3,
                (left & SEVENS).bit_count(),
            )
        else:
            value += self._primiera(mine, others, cards_left)
        value += self._sweep_threat(s, side)
        if self.grande:
            value += self._cirulla(s, side, piles)
        return value

    def _two_sides(self, s: State, side: int) -> float:
        """``_fishing`` for two sides (two seats, or two pairs: the hot cases), with the
        same arithmetic, flat."""
        if self.heads_up:
            piles, sweeps = s.piles, s.sweeps
        else:
            piles, sweeps = [0, 0], [0, 0]
            for seat, pile in enumerate(s.piles):
                piles[self.side_of[seat]] |= pile
                sweeps[self.side_of[seat]] += s.sweeps[seat]
        mine, theirs = piles[side], piles[1 - side]
        taken = mine | theirs
        left = FULL_DECK & ~taken
        value = float(sweeps[side] - sweeps[1 - side])
        if mine & SEVEN_OF_COINS:
            value += 1.0
        elif theirs & SEVEN_OF_COINS:
            value -= 1.0
        cards_left = left.bit_count()
        value += _share(mine.bit_count(), theirs.bit_count(), 21, cards_left)
        value += _share(
            (mine & COINS).bit_count(), (theirs & COINS).bit_count(), 6, (left & COINS).bit_count()
        )
        if self.sevens:
            value += _share(
                (mine & SEVENS).bit_count(),
                (theirs & SEVENS).bit_count(),
                3,
                (left & SEVENS).bit_count(),
            )
        else:
            value += self._primiera(mine, [theirs], cards_left)
        value += self._sweep_threat(s, side)
        if self.grande:
            value += self._cirulla(s, side, piles)
        return value

    def _cirulla(self, s: State, side: int, piles: list[int]) -> float:
        """Declarations made (exact) and a share of grande and piccola: whole once a
        side holds all their cards, half of it for each card held while the others
        hold none."""
        calls = [0] * self.sides
        for seat, _, points, _, _ in s.calls:
            calls[self.side_of[seat]] += points
        taken = 0
        for pile in piles:
            taken |= pile
        bonus = [
            calls[index]
            + _bonus_share(pile, taken & ~pile, GRANDE, 5.0)
            + _bonus_share(pile, taken & ~pile, PICCOLA, 3.0)
            for index, pile in enumerate(piles)
        ]
        return bonus[side] - max(b for index, b in enumerate(bonus) if index != side)

    def _primiera(self, mine: int, others: list[int], left: int) -> float:
        """My share of the primiera point from the best cards of each suit so far."""
        best = max(primiera_points(pile) for pile in others)
        return math.tanh((primiera_points(mine) - best) / (6.0 + left))

    def _sweep_threat(self, s: State, side: int) -> float:
        """The seat to act may empty the table with a card it holds."""
        table, seat = s.tmask, s.turn
        if not table or seat < 0 or s.winners is not None:
            return 0.0
        if self.both:
            needs = sweeping_values(self.game, table)
            for card in s.hands[seat]:
                if VALUE[card] in needs:
                    return SWEEP_THREAT if self.side_of[seat] == side else -SWEEP_THREAT
            return 0.0
        total = table_value(table)
        need = 15 - total if self.escoba else total
        if not 1 <= need <= 10:
            return 0.0
        for card in s.hands[seat]:
            if VALUE[card] == need:
                return SWEEP_THREAT if self.side_of[seat] == side else -SWEEP_THREAT
        return 0.0

    def _rubamazzo(self, s: State, side: int) -> float:
        counts = [pile.bit_count() for pile in s.piles]
        left = 40 - sum(counts)
        seat = s.turn
        if seat >= 0 and s.winners is None:
            gain, victim = 0, -1
            hand = s.hands[seat]
            for rival, top in enumerate(s.tops):
                if rival != seat and top >= 0 and counts[rival] > gain:
                    value = VALUE[top]
                    if any(VALUE[card] == value for card in hand):
                        gain, victim = counts[rival], rival
            if victim >= 0:
                moved = gain * STEAL_THREAT
                counts = [float(c) for c in counts]
                counts[victim] -= moved
                counts[seat] += moved + 1
        lead = counts[side] - max(c for i, c in enumerate(counts) if i != side)
        return lead + self.match_worth * math.tanh(lead / (2.0 + 0.3 * left))


def _bonus_share(pile: int, others: int, cards: int, points: float) -> float:
    """A side's share of a bonus for holding all of ``cards`` (``others``: what the
    other sides took)."""
    held = pile & cards
    if held == cards:
        return points
    if not held or others & cards:
        return 0.0
    return points * held.bit_count() / cards.bit_count() / 2


class ExpertEvaluator(Evaluator):
    """The expert's evaluation: ``Evaluator`` with Scopa's primiera estimated from
    the sevens, sixes and aces each side has taken (``PRIMIERA_WEIGHTS``), a fit to
    the primiera points of 3000 hands of ``pimc`` against itself (mean squared
    error 0.63, the best-card sums' 0.77). ``pimc`` keeps the plain evaluation."""

    def _primiera(self, mine: int, others: list[int], left: int) -> float:
        lead = _primiera_weight(mine) - max(_primiera_weight(pile) for pile in others)
        return math.tanh(lead / (1.0 + PRIMIERA_LEFT * left))


PRIMIERA_WEIGHTS = ((SEVENS, 1.0), (RANK_MASK[5], 0.35), (RANK_MASK[0], 0.1))
"""What a seven, a six and an ace taken count towards primiera (other ranks: nothing)."""
PRIMIERA_LEFT = 0.07
"""How much each card still to be won softens a primiera lead."""


_SEVENS_WEIGHT, _SIXES_WEIGHT, _ACES_WEIGHT = PRIMIERA_WEIGHTS


def _primiera_weight(pile: int) -> float:
    return (
        (pile & _SEVENS_WEIGHT[0]).bit_count() * _SEVENS_WEIGHT[1]
        + (pile & _SIXES_WEIGHT[0]).bit_count() * _SIXES_WEIGHT[1]
        + (pile & _ACES_WEIGHT[0]).bit_count() * _ACES_WEIGHT[1]
    )


class AlphaBeta:
    """Depth-limited alpha-beta on one determinised deal, for ``side``; the hand's
    end (or the match's) is scored exactly, a position ``depth`` plies down is
    estimated. ``nodes`` counts the positions visited."""

    def __init__(self, game: Game, evaluator: Evaluator, side: int, hand_no: int) -> None:
        self.game, self.evaluate, self.side, self.hand_no = game, evaluator, side, hand_no
        self.nodes = 0

    def value(
        self, s: State, depth: int, alpha: float = -math.inf, beta: float = math.inf
    ) -> float:
        self.nodes += 1
        if s.hand_no != self.hand_no or s.winners is not None:
            return self.evaluate.result(s, self.side)
        if depth <= 0:
            return self.evaluate(s, self.side)
        game = self.game
        moves = game.legal_moves(s)
        if moves[0] & DECLARE_FLAG:  # a bot declares what scores most (Cirulla)
            moves = [game.declaration_choice(s.hands[s.turn], moves) or moves[0]]
        elif len(moves) > 1:
            moves = ordered(moves)
        maximising = game.side_of[s.turn] == self.side
        best = -math.inf if maximising else math.inf
        for move in moves:
            child = s.copy()
            game.play(child, move, None)
            value = self.value(child, depth - 1, alpha, beta)
            if maximising:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best


def ordered(moves: list[int]) -> list[int]:
    """Moves that take the most cards first (better cut-offs)."""
    return sorted(moves, key=_taken_count, reverse=True)


def _taken_count(move: int) -> int:
    return (move >> 6 & FULL_DECK).bit_count() + (move >> 48 and 8)
