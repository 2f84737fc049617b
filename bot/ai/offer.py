"""Which bot level suits a member: the offer rule of the ladder (issue 50).

- A member whose global rating is no longer provisional is offered the level whose
  fixed strength (``ratings.BOT_RATINGS``, mu) is nearest their own mu. Until the
  members' scale and the ladder's Elo are tied (docs/ai.md), those fixed strengths are
  the anchor: set from the arena, as the bot ratings always were.
- Otherwise the member's record against the levels decides: two wins in a row against
  a level offer the next one up, two losses in a row the one below; anything else
  offers the level of their last match again. A member with no match against a level
  is offered ``START``.

The record is the member's finished matches against a level in one game, oldest
first, as ``(level name, won)``; matches against names the ladder does not know are
left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ratings import BOT_RATINGS, Rating
from .levels import LADDER, NAMES, Level, level_named, level_number

START = 3
"""The level offered to a member with no record and a provisional rating: the middle
of the ladder (the old "normal" bot), one step from either end's neighbours."""
STREAK = 2
"""Wins (losses) in a row against a level that offer the next (the one below)."""


def offered_level(record: Sequence[tuple[str, bool]], rating: Rating | None = None) -> Level:
    """The level to offer after ``record`` (oldest first); by ``rating`` when it is no
    longer provisional."""
    if rating is not None and not rating.provisional:
        return by_rating(rating)
    known = [(level_named(name), won) for name, won in record if name in NAMES]
    if not known:
        return level_number(START)
    last, _ = known[-1]
    recent = known[-STREAK:]
    if len(recent) == STREAK and all(level == last for level, _ in recent):
        if all(won for _, won in recent):
            return level_number(last.number + 1)
        if not any(won for _, won in recent):
            return level_number(last.number - 1)
    return last


def by_rating(rating: Rating) -> Level:
    """The level whose fixed strength is nearest ``rating``'s mu."""
    return min(LADDER, key=lambda level: abs(BOT_RATINGS[level.name][0] - rating.mu))
