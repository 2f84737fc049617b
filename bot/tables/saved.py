"""The tables as saved: every live table in memory, exactly as the database holds it.

A change is saved first and only then becomes the table in memory (``save``): memory
never holds what the database refused. A save is conditional on the table's revision,
so a process whose copy is out of date reloads it and is refused.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..metrics import Metrics
from ..storage import (
    TABLE_COLUMNS,
    ClaimLost,
    CommitUnknown,
    MatchResult,
    OutOfDate,
    Shards,
    Storage,
    shard_of,
)
from .errors import TableError
from .model import Table
from .pace import deadlines_of, is_slow


class SavedTables:
    """Every live table of this process, in memory and in storage."""

    def __init__(
        self,
        storage: Storage,
        *,
        deal_seed: int | None = None,
        clock: Callable[[], float] = time.time,
        shards: Shards | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.storage = storage
        self.deal_seed = deal_seed
        self.clock = clock
        """Epoch seconds now: turn deadlines are set and read on this clock."""
        self.shards = shards
        """The shards this process runs (None: all): it restores only their tables."""
        self.metrics = metrics or Metrics()
        self.tables: dict[int, Table] = {}
        self.unsure: set[int] = set()
        """Tables whose last save may or may not be in the database (its COMMIT's answer
        and the lookup after it were both lost): reloaded before their next change."""
        self.lost_shards: set[int] = set()
        """Shards another process claimed since: their tables are no longer served."""
        self.on_claim_lost: Callable[[ClaimLost], None] = lambda lost: None
        """Told once per shard lost (the bot stops)."""
        self.on_deadline: list[Callable[[float], None]] = []
        """Told of the earliest deadline each save of a slow table writes (the sweep
        wakes for it)."""
        self._saved: dict[int, dict[str, Any]] = {}
        """Each live table's row as last saved: a save writes only the columns that
        changed."""

    # -- reading ----------

    async def restore(self) -> list[Table]:
        """Load every live table of this process's shards from storage (at start-up)."""
        with _collector_paused():
            for row in await self.storage.live_tables(self.shards):
                table = Table.from_row(row)
                self.tables[table.id] = table
        return list(self.tables.values())

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("table.unknown")
        return table

    def serves(self, table: Table) -> bool:
        """Whether this process still drives ``table`` (no other claimed its shard)."""
        return shard_of(table.guild_id, self.shards) not in self.lost_shards

    def check_served(self, table: Table) -> None:
        if not self.serves(table):
            raise ClaimLost(shard_of(table.guild_id, self.shards))

    def claim_lost(self, lost: ClaimLost) -> None:
        """A write found the shard claimed by another process: stop serving it."""
        if lost.shard not in self.lost_shards:
            self.lost_shards.add(lost.shard)
            self.on_claim_lost(lost)

    async def load(self, table_id: int) -> Table:
        """Any table from storage, finished ones included (a rematch reads its options)."""
        row = await self.storage.table_row(table_id)
        if row is None:
            raise TableError("table.unknown")
        return Table.from_row(row)

    def live_in(self, channel_id: int) -> list[Table]:
        """Live tables whose lobby or board is in ``channel_id`` (a channel or a thread)."""
        return [
            table
            for table in self.tables.values()
            if table.is_live and channel_id in (table.channel_id, table.thread_id)
        ]

    def live_for(self, user_id: int) -> list[Table]:
        return [t for t in self.tables.values() if t.is_live and t.seat_of(user_id) is not None]

    def table_for(self, user_id: int, channel_id: int | None, *, playing: bool) -> Table:
        """The member's live table in this channel or thread, else their only one."""
        mine = self.live_for(user_id)
        if playing:
            mine = [t for t in mine if t.status == "playing"]
        here = [t for t in mine if channel_id in (t.channel_id, t.thread_id)]
        if len(here) == 1:
            return here[0]
        if not here and len(mine) == 1:
            return mine[0]
        raise TableError("table.none_here" if not mine else "table.which")

    async def save(
        self,
        table: Table,
        move: dict[str, Any] | None = None,
        results: list[MatchResult] | None = None,
    ) -> None:
        """Write the draft's changed columns; a save refused because another process
        saved the table first reloads it and raises ``TableError("table.out_of_date")``."""
        row = table.to_row()
        saved = self._saved.get(table.id, {})
        changed = [name for name in TABLE_COLUMNS if name not in saved or saved[name] != row[name]]
        deadlines = deadlines_of(table) if is_slow(table) else None
        try:
            await self.storage.save_table(
                table.id,
                row,
                revision=table.revision,
                changed=changed,
                move=move,
                results=results,
                deadlines=deadlines,
            )
        except OutOfDate:
            await self._reload(table.id)
            raise TableError("table.out_of_date") from None
        except ClaimLost as lost:
            self.claim_lost(lost)
            raise
        except CommitUnknown:
            self.unsure.add(table.id)
            raise TableError("table.save_unsure") from None
        table.revision += 1
        self._keep(table, row)
        if deadlines:
            self.note_deadline(min(deadline["due_at"] for deadline in deadlines))

    def note_deadline(self, due_at: float) -> None:
        """Something is due at ``due_at``: whoever waits for deadlines is told."""
        for listener in self.on_deadline:
            listener(due_at)

    def _keep(self, table: Table, row: dict[str, Any]) -> None:
        """``table`` as saved (``row``) is the table now."""
        self.tables[table.id] = table
        if table.is_live:
            self._saved[table.id] = row
        else:
            self._saved.pop(table.id, None)

    async def _catch_up(self, table_id: int) -> None:
        """Reload a table whose last save is unsure, so memory is what the database holds."""
        if table_id in self.unsure:
            await self._reload(table_id)
            self.unsure.discard(table_id)

    async def _reload(self, table_id: int) -> None:
        """Memory catches up with the database after another process saved the table."""
        row = await self.storage.table_row(table_id)
        if row is not None:
            table = Table.from_row(row)
            self._keep(table, table.to_row())


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Restore builds many objects that live on: the cyclic garbage collector would scan
    them again and again while they are built (3 times the time for 10,000 tables), so
    it waits until they are all built."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
