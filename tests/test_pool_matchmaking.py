"""Pairing a quick-play wave (``pool.matchmaking``), on lists: no server, no clock."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pool.matchmaking import (
    BASE_GAP,
    GAP_PER_WAVE,
    MAX_GAP,
    WINDOW,
    Entry,
    may_meet,
    pair_sides,
    pair_wave,
)


def solo(member: int, rating: int, waves: int = 0, avoid=()) -> Entry:
    return Entry((member,), rating, waves, frozenset(avoid))


def test_close_ratings_pair_and_far_ones_wait_until_their_ranges_widen():
    near = pair_wave([solo(1, 1000), solo(2, 1080), solo(3, 1600)])
    assert [{a.members, b.members} for a, b in near] == [{(1,), (2,)}]
    assert pair_wave([solo(1, 1000), solo(3, 1400)]) == []
    waited = 300 // GAP_PER_WAVE
    assert len(pair_wave([solo(1, 1000, waited), solo(3, 1400, waited)])) == 1
    assert solo(1, 0, 100).gap == MAX_GAP and solo(1, 0).gap == BASE_GAP


def test_a_block_is_honoured_whoever_blocked():
    assert pair_wave([solo(1, 1000, avoid={2}), solo(2, 1000)]) == []
    assert pair_wave([solo(1, 1000), solo(2, 1000, avoid={1})]) == []
    pairs = pair_wave([solo(1, 1000, avoid={2}), solo(2, 1001), solo(3, 1030), solo(4, 1031)])
    assert len(pairs) == 2, "everyone paired"
    assert all({1, 2} - {*a.members, *b.members} for a, b in pairs), "never 1 with 2"


def test_the_longest_waiting_is_preferred_among_equal_gaps():
    pairs = pair_wave([solo(1, 1000), solo(2, 1010, waves=8), solo(3, 1020)])
    assert (2,) in {pairs[0][0].members, pairs[0][1].members}


def test_more_pairs_beat_smaller_gaps():
    # 1-2 is the closest pair, but pairing 1-0 and 2-3 pairs everyone.
    line = [solo(0, 900), solo(1, 990), solo(2, 1000), solo(3, 1090)]
    assert len(pair_wave(line)) == 2


def test_scopone_sides_are_made_then_matched():
    solos = [solo(n, 1000 + n) for n in range(4)]
    partners = Entry((10, 11), 1005)
    matches = pair_sides(solos, [partners])
    assert len(matches) == 1
    members = {m for side in matches[0] for m in side.members}
    assert len(members) == 4 and all(len(side.members) == 2 for side in matches[0])


ratings = st.lists(st.integers(600, 1400), min_size=0, max_size=30)


@settings(max_examples=150, deadline=None)
@given(ratings, st.data())
def test_the_wave_is_a_maximum_matching_of_the_allowed_band(values, data):
    """Every pair allowed, nobody twice, and as many pairs as any matching of the same
    band of neighbours could make (checked against networkx's blossom algorithm)."""
    entries = []
    for member, rating in enumerate(values):
        avoid = data.draw(st.sets(st.integers(0, max(0, len(values) - 1)), max_size=2))
        entries.append(solo(member, rating, data.draw(st.integers(0, 6)), avoid - {member}))
    pairs = pair_wave(entries)
    seen = [m for pair in pairs for side in pair for m in side.members]
    assert len(seen) == len(set(seen))
    assert all(may_meet(a, b) for a, b in pairs)
    line = sorted(entries, key=lambda e: (e.rating, e.members))
    graph = nx.Graph()
    for i, a in enumerate(line):
        for b in line[i + 1 : i + 1 + WINDOW]:
            if may_meet(a, b):
                graph.add_edge(a.members, b.members)
    assert len(pairs) == len(nx.max_weight_matching(graph, maxcardinality=True))
