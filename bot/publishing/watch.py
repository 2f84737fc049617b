"""How many follow each match: a member counts as watching from the moment their
watch view was drawn, for as long as its Refresh button can still answer (an
interaction's token). The board tells the count whenever it is edited anyway, so a
watcher costs the table no Discord call."""

from __future__ import annotations

from collections.abc import Callable

from .context import TOKEN_LIFETIME


class Watchers:
    """Every match's watchers, for one bot (in memory: after a restart each counts
    again at their next Refresh)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.seen: dict[int, dict[int, float]] = {}
        """Table id → member id → when their view was last drawn."""
        self.pictures: dict[int, dict[tuple[int, int, str], bytes]] = {}
        """Table id → its watch picture, drawn once a version for every watcher."""

    def note(self, table_id: int, user_id: int) -> int:
        """``user_id`` was shown the match: how many watch it now."""
        self.seen.setdefault(table_id, {})[user_id] = self.clock()
        return self.count(table_id)

    def count(self, table_id: int) -> int:
        """How many watched ``table_id`` within a token's lifetime."""
        watching = self.seen.get(table_id)
        if not watching:
            return 0
        since = self.clock() - TOKEN_LIFETIME
        for user_id in [user for user, when in watching.items() if when < since]:
            del watching[user_id]
        return len(watching)

    def drawn(self, table_id: int) -> dict[tuple[int, int, str], bytes]:
        """Where ``table_id``'s watch picture is kept (``screens.watch.watch_pictures``)."""
        return self.pictures.setdefault(table_id, {})

    def forget(self, table_id: int) -> None:
        self.seen.pop(table_id, None)
        self.pictures.pop(table_id, None)
