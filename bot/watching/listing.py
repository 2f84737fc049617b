"""The matches a member may watch now, most interesting first: a tournament's final,
then its other matches, then the highest-rated, the newest first among equals."""

from __future__ import annotations

from ..screens.watch_list import Listed

MAX_LISTED = 10
"""Matches a ``/watch`` list shows (two rows of five Watch buttons)."""
MAX_CANDIDATES = 50
"""Matches ranked for one list, the newest (each reads its members' ratings)."""


def ranked(matches: list[Listed]) -> list[Listed]:
    """``matches`` most interesting first, at most ``MAX_LISTED``."""

    def interest(listed: Listed) -> tuple[bool, bool, int, int]:
        return (not listed.final, not listed.tournament, -listed.rating, -listed.seen.shell.id)

    return sorted(matches, key=interest)[:MAX_LISTED]


def is_final(marker: str, rounds: int) -> bool:
    """Whether a tournament match (``<tournament>/<round>/<board>``) is of its last round."""
    return int(marker.split("/")[1]) >= rounds
