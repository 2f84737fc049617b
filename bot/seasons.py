"""Seasons: the periods a server's leaderboards restart in, as keys and their bounds.

A season is named by a key that sorts in time order and says its length: ``2026-11``
(a calendar month), ``2026-W48`` (an ISO week), ``2026-Q4`` (a quarter); a server
without seasons has none (``NO_SEASON``). Every bound is UTC. A match counts in the
season in which it ended.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Literal

SeasonLength = Literal["weekly", "monthly", "quarterly", "none"]
LENGTHS: tuple[SeasonLength, ...] = ("weekly", "monthly", "quarterly", "none")
DEFAULT_LENGTH: SeasonLength = "monthly"
NO_SEASON = ""
RANKED_AFTER = 5
"""Matches a member plays in a season before the season's board ranks them."""

_WEEK = re.compile(r"(\d{4})-W(\d{2})")
_MONTH = re.compile(r"(\d{4})-(\d{2})")
_QUARTER = re.compile(r"(\d{4})-Q([1-4])")


def season_of(when: datetime, length: str) -> str:
    """The key of the season ``when`` falls in (none for ``none`` or an unknown length)."""
    when = when.astimezone(UTC)
    if length == "weekly":
        year, week, _ = when.isocalendar()
        return f"{year}-W{week:02d}"
    if length == "monthly":
        return f"{when.year}-{when.month:02d}"
    if length == "quarterly":
        return f"{when.year}-Q{(when.month - 1) // 3 + 1}"
    return NO_SEASON


def bounds(key: str) -> tuple[datetime, datetime]:
    """When the season ``key`` starts and when the next one does (UTC)."""
    if found := _WEEK.fullmatch(key):
        start = date.fromisocalendar(int(found[1]), int(found[2]), 1)
        return _midnight(start), _midnight(start + timedelta(weeks=1))
    if found := _QUARTER.fullmatch(key):
        year, first = int(found[1]), 3 * int(found[2]) - 2
        return _midnight(date(year, first, 1)), _midnight(_month_after(year, first + 2))
    if found := _MONTH.fullmatch(key):
        year, month = int(found[1]), int(found[2])
        if not 1 <= month <= 12:
            raise ValueError(f"'{key}' is not a season")
        return _midnight(date(year, month, 1)), _midnight(_month_after(year, month))
    raise ValueError(f"'{key}' is not a season")


def previous(key: str) -> str:
    """The season before ``key`` (of the same length)."""
    start, _ = bounds(key)
    before = start - timedelta(seconds=1)
    return season_of(before, length_of(key))


def length_of(key: str) -> SeasonLength:
    if _WEEK.fullmatch(key):
        return "weekly"
    if _QUARTER.fullmatch(key):
        return "quarterly"
    if _MONTH.fullmatch(key):
        return "monthly"
    raise ValueError(f"'{key}' is not a season")


def is_season(key: str) -> bool:
    try:
        bounds(key)
    except ValueError:
        return False
    return True


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _month_after(year: int, month: int) -> date:
    return date(year + month // 12, month % 12 + 1, 1)
