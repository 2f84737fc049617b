"""Every deal a seat cannot rule out, when they are few enough to search them all.

    states = known_deals(game, view, limit=200)   # None when there are more

The cards the seat has not seen are shared among the other hands (their sizes are
public) in every way there is; the stock must be empty (a stock's order would make
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
    """How many ways the unseen cards can lie in the other hands."""
    sizes = _hidden_sizes(view)
    count, left = 1, sum(sizes)
    for size in sizes:
        count *= math.comb(left, size)
        left -= size
    return count


def known_deals(game: Game, view: Observation, limit: int) -> list[State] | None:
    """Every deal consistent with ``view`` (None when the stock is not empty or there
    are more than ``limit``)."""
    if view.stock or deal_count(view) > limit:
        return None
    cards = unseen_cards(view)
    rng = random.Random(0)
    return [game.resample(view, rng, hidden) for hidden in _orders(cards, _hidden_sizes(view))]


def _hidden_sizes(view: Observation) -> list[int]:
    """How many unseen cards each other hand holds, in seat order."""
    shown = [len(cards) for cards in view.revealed] or [0] * view.players
    return [size - shown[seat] for seat, size in enumerate(view.hand_sizes) if seat != view.seat]


def _orders(cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Each way to give ``sizes[i]`` of ``cards`` to hand i, as one list in hand order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in chosen]
        for tail in _orders(rest, sizes[1:]):
            yield [*chosen, *tail]
