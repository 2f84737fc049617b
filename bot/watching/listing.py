"""The matches a member may watch now, most interesting first: a tournament's final,
then its other matches, then a friend's (someone the member played with), then the
highest-rated, the newest first among equals."""

from __future__ import annotations

from ..screens.watch_list import Listed

MAX_LISTED = 10
"""Matches a ``/watch`` list shows (two rows of five Watch buttons)."""
MAX_CANDIDATES = 50
"""Matches ranked for one list, the newest (each reads its members' ratings)."""
RECENT_MATCHES = 50
"""The server's finished matches read for whom the asker played with."""


def ranked(matches: list[Listed]) -> list[Listed]:
    """``matches`` most interesting first, at most ``MAX_LISTED``."""

    def interest(listed: Listed) -> tuple[bool, bool, bool, int, int]:
        first = (not listed.final, not listed.tournament, not listed.friend)
        return (*first, -listed.rating, -listed.seen.shell.id)

    return sorted(matches, key=interest)[:MAX_LISTED]


def is_final(marker: str, rounds: int) -> bool:
    """Whether a tournament match (``<tournament>/<round>/<board>``) is of its last round."""
    return int(marker.split("/")[1]) >= rounds
