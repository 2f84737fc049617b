"""``python -m bot.loadtest restore``: how long a start-up takes to bring N live tables
back into memory (``TableService.restore``: read the rows, rebuild every table).

The tables are matches in play: a few seeded matches are played some moves into their
first hand, and their rows are saved again and again as new tables until there are N.
The database is then closed and opened again, as at a restart, and only the restore
is timed: ``restore_s``.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from ..storage import Storage
from ..tables import TableService
from .scratch import benchmark_database, described
from .service_load import ServiceLoad

TEMPLATES = 20
"""Distinct matches the N tables are copies of."""
BATCH = 500
"""Tables inserted at once while filling the database."""


async def fill(storage: Storage, tables: int, seed: int) -> None:
    """``tables`` live matches in ``storage``."""
    load = ServiceLoad(TableService(storage, deal_seed=seed), tables=1, rate=1, seed=seed)
    rng = random.Random(seed)
    rows = []
    for template in range(min(TEMPLATES, tables)):
        load.slots = [await load.new_match(template)]
        for _ in range(rng.randrange(12)):
            await load.play(0)
        rows.append(load.service.get(load.slots[0]).to_row())
    for start in range(len(rows), tables, BATCH):
        end = min(tables, start + BATCH)
        await asyncio.gather(
            *(
                storage.create_table(rows[n % len(rows)] | {"channel_id": 10_000 + n})
                for n in range(start, end)
            )
        )


async def run_restore_benchmark(*, tables: int, database: str | None, seed: int) -> dict:
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            await fill(storage, tables, seed)
        finally:
            await storage.close()
        storage = await Storage.open(url)
        try:
            started = time.perf_counter()
            restored = await TableService(storage).restore()
            elapsed = time.perf_counter() - started
        finally:
            await storage.close()
    report: dict[str, Any] = {
        "benchmark": "restore",
        "tables": len(restored),
        "database": described(database),
        "seed": seed,
        "restore_s": round(elapsed, 3),
    }
    return report
