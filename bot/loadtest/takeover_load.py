"""``python -m bot.loadtest takeover``: a rolling deploy under load, two processes on one
database, no Discord.

The old process (a ``TableService`` with its shard claim) is offered moves at a steady
rate on N tables, as ``service`` does. Halfway, a new process claims every shard and
restores the live tables, while the old one's moves are still under way, and the old
one goes on being offered moves until the end (longer than the 5-second claim check
it relied on before its writes were fenced). What is measured:

- ``moves_before_claim``, ``moves_after_claim``: moves the old process saved before and
  after the new one's claim committed (fenced: none after), counted in the database's
  move log, so a move in flight at the claim counts where its commit landed;
- ``refused_after_claim``: the old process's moves and new matches refused by the fence;
- ``tables_restored`` and ``stale_restored``: tables the new process loaded at its claim,
  and how many of them the database holds at a later version once the run is over
  (a write of the old process that came after the new one had loaded the table).
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..storage import ClaimLost, Storage
from ..storage.databases import is_postgres
from ..tables import TableService
from .scratch import benchmark_database, described
from .service_load import ServiceLoad


class TakeoverLoad(ServiceLoad):
    """The old process's load: a move refused by the fence is counted, not raised."""

    def __init__(self, service: TableService, **options: Any) -> None:
        super().__init__(service, **options)
        self.refused = 0

    async def _offer(self, slot: int) -> None:
        try:
            await self.play(slot)
        except ClaimLost:
            self.refused += 1
        finally:
            self.busy.discard(slot)


async def run_takeover_benchmark(
    *, tables: int, rate: float, seconds: float, database: str | None, seed: int = 1
) -> dict[str, Any]:
    """Offer ``rate`` moves/s to the old process for ``seconds``, the new one claiming
    halfway; the report (``database``: a PostgreSQL server, where the scratch schema
    goes: an SQLite file serves one process)."""
    if not (database and is_postgres(database)):
        raise ValueError(
            "takeover needs --database postgresql://…: an SQLite file serves one process"
        )
    async with benchmark_database(database) as url:
        old_storage, new_storage = await Storage.open(url), await Storage.open(url)
        try:
            await old_storage.claim_shards(None, "old process")
            load = TakeoverLoad(
                TableService(old_storage, deal_seed=seed), tables=tables, rate=rate, seed=seed
            )
            await load.setup()
            running = asyncio.create_task(load.run(seconds))
            await asyncio.sleep(seconds / 2)
            await new_storage.claim_shards(None, "new process")
            moves_at_claim = await _saved_moves(new_storage)
            restored = await TableService(new_storage, deal_seed=seed).restore()
            report = await running
            moves_after_claim = await _saved_moves(new_storage) - moves_at_claim
            now = {row["id"]: row["version"] for row in await new_storage.live_tables()}
            stale = sum(1 for table in restored if now.get(table.id, table.version) > table.version)
        finally:
            await old_storage.close()
            await new_storage.close()
    return {
        "benchmark": "takeover",
        "tables": tables,
        "rate": rate,
        "database": described(database),
        "seed": seed,
        "moves_before_claim": moves_at_claim,
        "moves_after_claim": moves_after_claim,
        "refused_after_claim": load.refused,
        "tables_restored": len(restored),
        "stale_restored": stale,
        "seconds": report["seconds"],
    }


async def _saved_moves(storage: Storage) -> int:
    """Moves in the database's move log (the new process plays none)."""
    row = await storage.db.fetch_one("SELECT count(*) AS n FROM moves")
    return row["n"] if row else 0
