"""Fair play in the pool: bans worked out from a member's recent strikes. Pure.

A strike is a quick-play match the member left, or a seat the bot took over because
the member let the clock run out turn after turn. Each strike bans the member from the
pool (never from their servers' tables) for ``FIRST_BAN``, three times longer for each
earlier strike in the ``MEMORY`` before it, at most ``LONGEST_BAN``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

FIRST_BAN = timedelta(minutes=10)
GROWTH = 3
MEMORY = timedelta(hours=72)
LONGEST_BAN = timedelta(hours=48)


def ban_length(strikes_before: int) -> timedelta:
    """The ban a strike earns when ``strikes_before`` others came in the 72 h before it."""
    return min(LONGEST_BAN, FIRST_BAN * GROWTH**strikes_before)


def banned_until(strikes: Sequence[datetime], now: datetime) -> datetime | None:
    """When the member may enter the pool again (None: they may now); ``strikes`` are
    the times of their strikes since ``now - MEMORY - LONGEST_BAN``, oldest first."""
    until = None
    for index, at in enumerate(strikes):
        before = sum(1 for earlier in strikes[:index] if at - earlier <= MEMORY)
        ends = at + ban_length(before)
        if ends > now and (until is None or ends > until):
            until = ends
    return until


def looking_back(now: datetime) -> datetime:
    """How far back the strikes that may still ban reach."""
    return now - MEMORY - LONGEST_BAN
