"""What the hand's public history says about the other hands, and deals that heed it.

A move another seat made in the current deal round was made with the cards it
still holds, so the ranks that would have done better than that move are
probably not among them: in Escoba and Scopa a card laid down says its player
held no card that captures, a capture that leaves cards that it held none that
sweeps; in Rubamazzo a card laid down says it held none that takes or steals, a
take without a steal that it held none that steals. A player who plays
otherwise is only misread: ``Beliefs.deal`` gives such a card to that hand
``PASSED_TAKE`` (or ``PASSED_SWEEP``) times as often as an ordinary one, never
not at all.
"""

from __future__ import annotations

import random

from ..games import Game, Observation, RubamazzoOptions, State
from ..games.cards import BIT, FULL_DECK, RANK_MASK, VALUE, mask_of
from ..games.moves import DECLARE_FLAG
from .search import sweeping_values

PASSED_TAKE = 0.3
"""Odds, against an ordinary card, that a hand holds a card that would have taken."""
PASSED_SWEEP = 0.1
"""... a card that would have swept the table (or stolen a pile)."""
EVEN = (1.0,) * 11
"""Rank weights (index: capture value) of a hand nothing is known about."""


class Beliefs:
    """Per other seat, a weight for each rank (index: capture value) its hidden
    cards are drawn with; ``deal(rng)`` is ``Game.resample`` with those weights."""

    def __init__(self, game: Game, view: Observation) -> None:
        self.game, self.view = game, view
        self.shown = [len(cards) for cards in view.revealed] or [0] * view.players
        known = mask_of(view.seen) | mask_of(view.hand)
        known |= mask_of(card for cards in view.revealed for card in cards)
        self.unseen = [card for card in range(40) if not known >> card & 1]
        self.weights = _rank_weights(game, view)

    def deal(self, rng: random.Random) -> State:
        """A determinisation: the other hands drawn by weight, in seat order, the rest
        to the stock."""
        if not self.weights:
            return self.game.resample(self.view, rng)
        pool = list(self.unseen)
        rng.shuffle(pool)
        order = []
        for seat, size in enumerate(self.view.hand_sizes):
            if seat == self.view.seat or not size:
                continue
            weights = self.weights.get(seat, EVEN)
            for _ in range(size - self.shown[seat]):  # declared cards are known
                order.append(pool.pop(_draw(pool, weights, rng)))
        return self.game.resample(self.view, rng, order + pool)


def _draw(pool: list[int], weights: tuple[float, ...], rng: random.Random) -> int:
    """The index of a card of ``pool`` drawn with its rank's weight."""
    left = rng.random() * sum(weights[VALUE[card]] for card in pool)
    for index, card in enumerate(pool):
        left -= weights[VALUE[card]]
        if left < 0:
            return index
    return len(pool) - 1


def _rank_weights(game: Game, view: Observation) -> dict[int, tuple[float, ...]]:
    """Each other seat's rank weights from its moves this deal round (seats with no
    such move are left out)."""
    passed = _rubamazzo_passed if game.steals_piles else _fishing_passed
    weights: dict[int, list[float]] = {}
    for seat, move, table, tops in _replay(view):
        if seat == view.seat or not view.hand_sizes[seat]:
            continue
        ranks = weights.setdefault(seat, list(EVEN))
        for value, odds in passed(game, seat, move, table, tops):
            ranks[value] = min(ranks[value], odds)
    return {seat: tuple(ranks) for seat, ranks in weights.items() if min(ranks) < 1}


def _replay(view: Observation) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The moves of the current deal round as (seat, move, table mask before it,
    pile tops before it). The table is walked back from the current one; the tops
    (Rubamazzo) forward from the hand's start, when every pile is empty."""
    table = mask_of(view.table)
    tables = []
    for _, _, move in reversed(view.history):
        if move & DECLARE_FLAG:  # a declaration plays no card
            tables.append(table)
            continue
        card, taken = move & 63, move >> 6 & FULL_DECK
        if move >> 46 & 1:  # a claim takes the missed card off the table too
            table |= taken | BIT[card]
        elif taken or move >> 48:
            table |= taken
        else:
            table &= ~BIT[card]
        tables.append(table)
    tables.reverse()
    tops = [-1] * view.players
    replayed = []
    for (deal_round, seat, move), table in zip(view.history, tables, strict=True):
        if move & DECLARE_FLAG:
            continue
        if deal_round == view.deal_round:
            replayed.append((seat, move, table, tuple(tops)))
        steal = move >> 48
        for victim in range(view.players):
            if steal >> victim & 1:
                tops[victim] = -1
        if move >> 6 & FULL_DECK or steal:
            tops[seat] = move & 63
    return replayed


def _sums(table: int) -> int:
    """Bit ``t`` set when some non-empty set of the ``table`` cards adds up to ``t``."""
    sums = 1
    for card in range(40):
        if table >> card & 1:
            sums |= sums << VALUE[card]
    return sums & ~1


def _fishing_passed(game: Game, seat: int, move: int, table: int, tops: tuple[int, ...]):
    """(value, odds) of the ranks that would have captured (a card laid down) or
    swept (a capture that left cards)."""
    if move >> 46 & 1:
        return []
    taken = move >> 6 & FULL_DECK
    if not taken:
        return [(value, PASSED_TAKE) for value in _taking_values(game, table)]
    if taken == table:
        return []
    return [(need, PASSED_SWEEP) for need in sweeping_values(game, table)]


def _taking_values(game: Game, table: int) -> list[int]:
    """The card values that would have taken something from ``table``."""
    sums = _sums(table)
    fifteen = [value for value in range(1, 11) if sums >> (15 - value) & 1]
    if game.captures_fifteen:
        return fifteen
    values = [value for value in range(1, 11) if sums >> value & 1]
    if game.captures_both:
        aces = table and not table & RANK_MASK[0]
        values = sorted({*values, *fifteen, *((1,) if aces else ())})
    return values


def _rubamazzo_passed(game: Game, seat: int, move: int, table: int, tops: tuple[int, ...]):
    """(value, odds) of the ranks that would have stolen a pile (any move without a
    steal) or taken from the table (a card laid down)."""
    if move >> 48:
        return []
    passed = [
        (VALUE[top], PASSED_SWEEP) for rival, top in enumerate(tops) if rival != seat and top >= 0
    ]
    if move >> 6 & FULL_DECK:
        return passed
    options = game.options
    sums = isinstance(options, RubamazzoOptions) and options.allow_sum_capture
    takes = _sums(table) if sums else 0
    for card in range(40):
        if table >> card & 1:
            takes |= 1 << VALUE[card]
    return passed + [(value, PASSED_TAKE) for value in range(1, 11) if takes >> value & 1]
