"""Pairing a tournament's rounds: Swiss by a maximum-weight matching, knock-out by a
seeded bracket. Pure: entrants are ints, results are given.

Swiss: every possible pair of entrants who have not met is an edge of a graph; a
maximum-weight matching of maximum cardinality (networkx's blossom algorithm) pairs
the round. The weights put, first, entrants of the same score together (the square of
the score difference costs most), then, inside a score group, the top half against
the bottom half (the Dutch system's fold); with an odd number of entrants a phantom
takes part, and whoever meets it has the bye: only entrants without a bye may, the
lowest score and rank first. A greedy pairer can paint itself into a corner in late
rounds (the last entrants left have all met); the matching cannot, as long as any
pairing without a rematch exists. When none does (more rounds than a small field
allows), rematches are allowed at a cost above everything else, so the round still
pairs, with as few as there can be.

Knock-out: the bracket holds the next power of two; the top seeds (by rating) get the
byes, and seeds meet in the standard order (1 v 16, 8 v 9, …) so the best two can
only meet in the final.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

BYE = -1
"""The opponent of an entrant who has the round's bye."""
NOBODY = 0
"""No entrant: the winner of a match both entrants forfeited, and so the knock-out slot
it leaves empty (the next opponent's walkover)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """What pairing knows of an entrant: half-points (win 2, draw 1, loss 0, bye 2),
    who they met, their byes, and the rating they were seeded by."""

    entrant: int
    points: int = 0
    opponents: frozenset[int] = frozenset()
    byes: int = 0
    rating: int = 0


WINDOWS = (4, 16, None)
"""How far apart in rank (around one's own rank and the fold) each try looks for
partners, widening until a pairing without a rematch is found (None: everyone)."""
LOOKAHEAD = 10
"""Fields this small (the phantom counted) are paired with the rounds still to come in
view: the best pairing after which every later round can still pair without a
rematch (a small field can run out of new opponents; a large one cannot in its
⌈log2 n⌉ + 1 rounds)."""
SEARCH_BUDGET = 200_000
"""Pairings the look-ahead may try in all (a fraction of a second)."""


def swiss_pairs(entries: Sequence[Entry], rounds_left: int = 0) -> list[tuple[int, int]]:
    """The round's pairs, best first; ``(entrant, BYE)`` for the bye. ``rounds_left``:
    the rounds after this one."""
    ranked = sorted(entries, key=lambda e: (-e.points, -e.rating, e.entrant))
    weights = _Weights(ranked)
    pairs = None
    if rounds_left and len(ranked) + len(ranked) % 2 <= LOOKAHEAD:
        pairs = _looking_ahead(ranked, weights, rounds_left)
    for near in WINDOWS:
        pairs = pairs or _matching(ranked, weights, near=near, rematches=False)
    pairs = pairs or _matching(ranked, weights, near=None, rematches=True)
    assert pairs is not None  # with rematches allowed every entrant can be paired
    order = {entry.entrant: index for index, entry in enumerate(ranked)}
    order[BYE] = len(order)
    pairs = [(a, b) if order[a] < order[b] else (b, a) for a, b in pairs]
    return sorted(pairs, key=lambda pair: order[pair[0]])


class _Weights:
    """What a pair is worth (by ranks): the same score first (the square of the
    difference costs most), then, inside a score group, the top half against the
    bottom half; a rematch costs more than all of that."""

    def __init__(self, ranked: list[Entry]) -> None:
        self.ranked = ranked
        count = len(ranked)
        self.group_size: dict[int, int] = {}
        self.place: list[int] = []
        for entry in ranked:
            self.place.append(self.group_size.get(entry.points, 0))
            self.group_size[entry.points] = self.place[-1] + 1
        self.spread = count * count
        self.rematch_cost = self.spread * (4 * count * count + 1) * 4
        self.top = self.rematch_cost * 2

    def fold(self, i: int) -> int:
        """The rank of ``i``'s ideal partner in its score group."""
        return self.group_size[self.ranked[i].points] // 2 - self.place[i] + i

    def pair(self, i: int, j: int) -> int:
        a, b = self.ranked[i], self.ranked[j]
        weight = self.top - self.spread * (a.points - b.points) ** 2
        if a.points == b.points:
            half = self.group_size[a.points] // 2
            weight -= abs(abs(self.place[i] - self.place[j]) - half)
        if b.entrant in a.opponents:
            weight -= self.rematch_cost
        return weight

    def bye(self, i: int) -> int:
        """The bye goes to the lowest score, then the lowest rank."""
        count, lowest = len(self.ranked), self.ranked[-1].points
        return self.top - self.spread * (self.ranked[i].points - lowest + 1) ** 2 - (count - i)


def _matching(
    ranked: list[Entry], weights: _Weights, *, near: int | None, rematches: bool
) -> list[tuple[int, int]] | None:
    """A perfect matching of ``ranked`` (and the phantom) of the most weight, or None.
    ``near``: only partners within that many ranks of an entrant's own rank or of its
    fold partner's (a faster try: 256 entrants make 32,640 pairs, a window of 4 a
    twentieth, and the matching takes a fifth of the time)."""
    count = len(ranked)
    graph = nx.Graph()
    for i, a in enumerate(ranked):
        for j in _partners(i, count, weights.fold(i), near):
            b = ranked[j]
            if rematches or b.entrant not in a.opponents:
                graph.add_edge(a.entrant, b.entrant, weight=weights.pair(i, j))
    if count % 2:
        for i, entry in enumerate(ranked):
            if entry.byes == 0:
                graph.add_edge(entry.entrant, BYE, weight=weights.bye(i))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < count + count % 2:
        return None
    return [(b, a) if a == BYE else (a, b) for a, b in matching]


def _looking_ahead(
    ranked: list[Entry], weights: _Weights, rounds_left: int
) -> list[tuple[int, int]] | None:
    """The pairing of most weight after which ``rounds_left`` more rounds can pair
    with no rematch and no second bye (every pairing of a small field, tried)."""
    index = {entry.entrant: i for i, entry in enumerate(ranked)}
    met = {e.entrant: set(e.opponents) for e in ranked}
    had_bye = {e.entrant for e in ranked if e.byes}
    nodes = [e.entrant for e in ranked] + ([BYE] if len(ranked) % 2 else [])

    def worth(pairs: list[tuple[int, int]]) -> int:
        return sum(
            weights.bye(index[a]) if b == BYE else weights.pair(index[a], index[b])
            for a, b in pairs
        )

    candidates = sorted(_pairings(nodes, met, had_bye), key=worth, reverse=True)
    budget = [SEARCH_BUDGET]
    for pairs in candidates:
        after, byes = _after(met, had_bye, pairs)
        if _can_pair(nodes, after, byes, rounds_left, budget):
            return pairs
        if budget[0] <= 0:
            return None  # too long a search: the round is paired without looking ahead
    return None


def _pairings(nodes: list[int], met: dict[int, set[int]], had_bye: set[int]):
    """Every pairing of ``nodes`` with no rematch and no second bye."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for k, other in enumerate(rest):
        if _allowed(first, other, met, had_bye):
            for pairs in _pairings(rest[:k] + rest[k + 1 :], met, had_bye):
                pair = (other, first) if first == BYE else (first, other)
                yield [pair, *pairs]


def _allowed(a: int, b: int, met: dict[int, set[int]], had_bye: set[int]) -> bool:
    if BYE in (a, b):
        return (b if a == BYE else a) not in had_bye
    return b not in met[a]


def _can_pair(
    nodes: list[int], met: dict[int, set[int]], had_bye: set[int], rounds: int, budget: list[int]
) -> bool:
    """Whether ``rounds`` more rounds can pair with no rematch and no second bye (False
    once ``budget``, the pairings looked at, is spent)."""
    if rounds == 0:
        return True
    for pairs in _pairings(nodes, met, had_bye):
        budget[0] -= 1
        if budget[0] <= 0:
            return False
        after, byes = _after(met, had_bye, pairs)
        if _can_pair(nodes, after, byes, rounds - 1, budget):
            return True
    return False


def _after(
    met: dict[int, set[int]], had_bye: set[int], pairs: list[tuple[int, int]]
) -> tuple[dict[int, set[int]], set[int]]:
    """Who has met whom, and who has had a bye, once ``pairs`` are played."""
    after = {entrant: set(opponents) for entrant, opponents in met.items()}
    for a, b in pairs:
        if b != BYE:
            after[a].add(b)
            after[b].add(a)
    return after, had_bye | {a for a, b in pairs if b == BYE}


def _partners(i: int, count: int, fold: int, near: int | None) -> range | list[int]:
    """The ranks after ``i`` that ``i`` may be paired with."""
    if near is None:
        return range(i + 1, count)
    window = set(range(i + 1, min(count, i + near + 1)))
    window.update(range(max(i + 1, fold - near), min(count, fold + near + 1)))
    return sorted(window)


def knockout_rounds(entrants: int) -> int:
    return max(1, math.ceil(math.log2(entrants)))


def seed_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for eight."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def first_bracket(seeded: Sequence[int]) -> list[int]:
    """The first round's slots, in bracket order: entrants by seed (best first), and
    ``BYE`` where the bracket has more slots than entrants (beside the top seeds)."""
    size = 2 ** knockout_rounds(len(seeded))
    return [seeded[seed - 1] if seed <= len(seeded) else BYE for seed in seed_order(size)]


def bracket_pairs(slots: Sequence[int]) -> list[tuple[int, int]]:
    """A knock-out round's pairs: neighbouring slots; a bye (or an empty slot) stays
    second."""
    pairs = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        pairs.append((b, a) if a in (BYE, NOBODY) else (a, b))
    return pairs
