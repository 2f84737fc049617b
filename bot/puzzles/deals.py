"""Every deal a seat cannot rule out, when they are few enough to search them all.

    states = known_deals(game, view, limit=200)   # None when there are more

The cards the seat has not seen are shared among the other hands (their sizes are
public) in every way there is, and so is the stock when it holds one deal round at
most: the engine deals a round's cards in turn from the mano (``Game._deal_round``: the
stock's place ``i`` to the ``i``-th seat after the mano, cycling), so a stock's orders
that give each seat the same cards are one deal, and each way to share its cards among
the places' classes is listed once. A larger stock is left alone (its orders would make
the deals too many to search). Each deal is the engine's own ``resample`` with the
hidden cards in that order, so what the seat observes is the same in all of them.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

from ..games import Game, Observation, State
from ..games.cards import mask_of


def unseen_cards(view: Observation) -> list[int]:
    """The cards ``view.seat`` has not seen (not in its hand, not played, not shown)."""
    known = mask_of(view.seen) | mask_of(view.hand)
    for cards in view.revealed:
        known |= mask_of(cards)
    return [card for card in range(40) if not known >> card & 1]


def deal_count(view: Observation) -> int:
    """How many ways the unseen cards can lie in the other hands and the stock's round."""
    sizes = _hidden_sizes(view) + _stock_classes(view)
    count, left = 1, sum(sizes)
    for size in sizes:
        count *= math.comb(left, size)
        left -= size
    return count


def known_deals(game: Game, view: Observation, limit: int) -> list[State] | None:
    """Every deal consistent with ``view`` (None when the stock holds more than one deal
    round or there are more than ``limit``)."""
    if view.stock > game.hand_size * game.players or deal_count(view) > limit:
        return None
    cards, hands = unseen_cards(view), sum(_hidden_sizes(view))
    classes = _stock_classes(view)
    rng = random.Random(0)
    return [
        game.resample(view, rng, hidden[:hands] + _dealt_order(hidden[hands:], classes))
        for hidden in _orders(cards, _hidden_sizes(view) + classes)
    ]


def _hidden_sizes(view: Observation) -> list[int]:
    """How many unseen cards each other hand holds, in seat order."""
    shown = [len(cards) for cards in view.revealed] or [0] * view.players
    return [size - shown[seat] for seat, size in enumerate(view.hand_sizes) if seat != view.seat]


def _stock_classes(view: Observation) -> list[int]:
    """How many of the stock's places each seat's turn in the next round takes."""
    return (
        [len(range(turn, view.stock, view.players)) for turn in range(view.players)]
        if view.stock
        else []
    )


def _dealt_order(grouped: list[int], classes: list[int]) -> list[int]:
    """The stock's order from its cards grouped by class (the first ``classes[0]`` cards
    to the mano's places, and so on): place ``i`` takes class ``i % players``."""
    groups, start = [], 0
    for size in classes:
        groups.append(grouped[start : start + size])
        start += size
    players = len(classes)
    return [groups[place % players][place // players] for place in range(len(grouped))]


def _orders(cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Each way to give ``sizes[i]`` of ``cards`` to hand i, as one list in hand order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in chosen]
        for tail in _orders(rest, sizes[1:]):
            yield [*chosen, *tail]
