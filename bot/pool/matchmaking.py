"""Pairing one wave of the quick-play pool. Pure: entries in, pairs out.

The pool collects who waits and, every few seconds, hands one game's waiting entries
to ``pair_wave`` (lichess's pools work the same way). An entry is a member, or two
partners entering Scopone together; it may be paired with another entry when:

- their ratings are within both entries' ranges: a range starts at ``BASE_GAP`` shown
  points and widens by ``GAP_PER_WAVE`` for every wave the entry missed, up to
  ``MAX_GAP``;
- neither blocked a member of the other (``Entry.avoid``);
- no member is in both (a member waits once, but a pair may hold a solo's partner).

Among the allowed pairs the wave takes as many as it can, then the smallest rating
gaps, favouring who waited longest. Entries sorted by rating make a line on which the
best pairs are near neighbours, so only neighbours up to ``WINDOW`` places apart are
considered, and a dynamic programme over the line (which of the last ``WINDOW``
entries are already paired) finds the best pairing of that band exactly, in linear
time: a thousand entries pair in milliseconds.

Scopone 2 v 2: solos are first paired into sides (the same rule), then sides (made
here or entered together) are paired into matches.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

WAVE_SECONDS = 3
"""How often a wave pairs each game's pool."""
BASE_GAP = 100
"""Shown rating points an entry accepts at its first wave."""
GAP_PER_WAVE = 15
"""Points a range widens by each missed wave: chosen with `python -m bot.loadtest pool`
(at 6 arrivals a minute a game, the gap p90 stays under 150 and the wait p90 at 45 s)."""
MAX_GAP = 600
WINDOW = 4
"""How many places apart (in rating order) two paired entries may be."""
PAIR_VALUE = 1_000_000
"""What one more pair is worth: more than any gap or waiting bonus."""
WAIT_BONUS = 20
"""Worth of each missed wave of each entry of a pair, against shown points of gap."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One waiting entry: its members (one, or two partners), their mean shown rating,
    the waves it has missed, and the members it must not meet."""

    members: tuple[int, ...]
    rating: int
    waves: int = 0
    avoid: frozenset[int] = field(default_factory=frozenset)

    @property
    def gap(self) -> int:
        """The largest rating difference this entry accepts now."""
        return min(MAX_GAP, BASE_GAP + GAP_PER_WAVE * self.waves)


def may_meet(a: Entry, b: Entry) -> bool:
    if abs(a.rating - b.rating) > min(a.gap, b.gap):
        return False
    if set(a.members) & set(b.members):
        return False
    return not (a.avoid & set(b.members) or b.avoid & set(a.members))


def _worth(a: Entry, b: Entry) -> int:
    return PAIR_VALUE - abs(a.rating - b.rating) + WAIT_BONUS * (a.waves + b.waves)


def pair_wave(entries: Iterable[Entry]) -> list[tuple[Entry, Entry]]:
    """The best pairs of one wave (see the module's docstring), each unordered."""
    line = sorted(entries, key=lambda e: (e.rating, e.members))
    return [(line[i], line[j]) for i, j in _best_band_matching(line)]


def pair_sides(solos: Sequence[Entry], pairs: Sequence[Entry]) -> list[tuple[Entry, Entry]]:
    """Scopone: solos made into sides, then sides paired into matches; each side is an
    ``Entry`` of two members (its ``avoid`` the union of its members')."""
    sides = [*pairs, *(_side(a, b) for a, b in pair_wave(solos))]
    return pair_wave(sides)


def _side(a: Entry, b: Entry) -> Entry:
    return Entry(
        members=(*a.members, *b.members),
        rating=(a.rating + b.rating) // 2,
        waves=min(a.waves, b.waves),
        avoid=a.avoid | b.avoid,
    )


def _best_band_matching(line: Sequence[Entry]) -> list[tuple[int, int]]:
    """The best matching of ``line`` using only edges at most ``WINDOW`` places apart.

    ``best[mask]``: the best total so far and its pairs (a linked list, newest first),
    where bit ``k`` of ``mask`` says the entry ``k + 1`` places back is already paired
    (or out of reach)."""
    full = (1 << WINDOW) - 1
    best: dict[int, tuple[int, Chain]] = {full: (0, None)}
    for index, entry in enumerate(line):
        after: dict[int, tuple[int, Chain]] = {}
        for mask, (total, pairs) in best.items():
            _keep(after, (mask << 1) & full, total, pairs)  # left alone for now
            for back in range(1, WINDOW + 1):
                other = index - back
                if other < 0 or mask >> (back - 1) & 1:
                    continue
                if may_meet(line[other], entry):
                    paired = ((mask | 1 << (back - 1)) << 1 | 1) & full
                    worth = total + _worth(line[other], entry)
                    _keep(after, paired, worth, ((other, index), pairs))
        best = after
    chain = max(best.values(), key=lambda found: found[0])[1]
    found = []
    while chain is not None:
        pair, chain = chain
        found.append(pair)
    return found[::-1]


Chain = tuple[tuple[int, int], "Chain"] | None
"""Pairs as a linked list: (the newest pair, the pairs before it)."""


def _keep(table: dict[int, tuple[int, Chain]], mask: int, total: int, pairs: Chain) -> None:
    if mask not in table or table[mask][0] < total:
        table[mask] = (total, pairs)


def pair_rows(
    rows: Sequence[Mapping[str, Any]],
    blocks: set[tuple[int, int]],
    *,
    teams: bool,
    now: datetime,
    by_rating: bool = True,
) -> list[list[list[int]]]:
    """A wave over the pool's rows (partners are two rows naming each other) and the
    blocks among them (blocker, blocked) at ``now``: the matches, each a list of sides
    of member ids. ``teams``: a 2 v 2 game (Scopone), else one member a side. A row's
    missed waves are counted from when it entered, so processes racing the same waves
    widen nobody's range faster. Not ``by_rating``: any two entries may meet (blocks
    still kept), whatever their ratings."""
    entries = _entries(rows, blocks, now)
    if not by_rating:
        entries = [dataclasses.replace(entry, rating=0) for entry in entries]
    if not teams:
        return [[list(a.members), list(b.members)] for a, b in pair_wave(entries)]
    solos = [e for e in entries if len(e.members) == 1]
    pairs = [e for e in entries if len(e.members) == 2]
    return [[list(a.members), list(b.members)] for a, b in pair_sides(solos, pairs)]


def _entries(
    rows: Sequence[Mapping[str, Any]], blocks: set[tuple[int, int]], now: datetime
) -> list[Entry]:
    avoid: dict[int, set[int]] = {}
    for blocker, blocked in blocks:
        avoid.setdefault(blocker, set()).add(blocked)
        avoid.setdefault(blocked, set()).add(blocker)
    by_member = {row["user_id"]: row for row in rows}
    entries, seen = [], set()
    for row in rows:
        member = row["user_id"]
        if member in seen:
            continue
        partner = by_member.get(row["partner_id"]) if row["partner_id"] else None
        if row["partner_id"] and partner is None:
            continue  # their partner has not accepted yet
        group = [row] if partner is None else [row, partner]
        seen.update(r["user_id"] for r in group)
        entries.append(
            Entry(
                members=tuple(r["user_id"] for r in group),
                rating=sum(r["rating"] for r in group) // len(group),
                waves=min(_missed(r["joined_at"], now) for r in group),
                avoid=frozenset().union(*(avoid.get(r["user_id"], ()) for r in group)),
            )
        )
    return entries


def _missed(joined_at: str, now: datetime) -> int:
    """The waves a row entered at ``joined_at`` (ISO text) has missed by ``now``."""
    waited = (now - datetime.fromisoformat(joined_at)).total_seconds()
    return max(0, int(waited // WAVE_SECONDS))
