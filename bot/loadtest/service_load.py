"""``python -m bot.loadtest service``: moves offered at a steady rate to N live tables
through the real ``TableService`` and storage, no Discord.

Each table seats two members and plays Escoba; when a match ends, a new one starts at
the same slot. Every ``1 / rate`` seconds a move is offered to a random table that is
not busy: the member to act plays a random legal card and, when it has several
captures, picks one (each call is one committed save). What is measured:

- ``moves_per_s``: moves applied over the run's seconds;
- ``click_to_commit_ms_p50``/``_p95``/``_p99``: from the call that applies a move to its
  return, which comes only after the commit (a capture choice counts from the choice);
- ``offered`` and ``skipped`` (every table was busy), ``commits`` (the storage's
  committed transactions: fewer than moves when saves share a commit).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from ..games import is_claim, move_card
from ..storage import Storage
from ..tables import Seat, TableService
from .metering import percentile
from .scratch import benchmark_database, described

HOST, GUEST = 1, 2


class ServiceLoad:
    """N tables and the members playing them at a fixed rate."""

    def __init__(self, service: TableService, *, tables: int, rate: float, seed: int) -> None:
        self.service = service
        self.slots: list[int] = []
        self.count = tables
        self.rate = rate
        self.rng = random.Random(seed)
        self.busy: set[int] = set()
        self.latencies: list[float] = []
        self.moves = 0
        self.offered = 0
        self.skipped = 0

    async def new_match(self, slot: int) -> int:
        service = self.service
        table = await service.create(
            guild_id=1,
            channel_id=1000 + slot,
            host=Seat(user_id=HOST, name="ana"),
            game="escoba",
            options={"players": 2},
            locale="en",
        )
        await service.join(table.id, Seat(user_id=GUEST, name="bob"))
        await service.start(table.id, HOST)
        return table.id

    async def setup(self) -> None:
        self.slots = [await self.new_match(slot) for slot in range(self.count)]

    async def play(self, slot: int) -> None:
        """The member to act at ``slot`` plays a random legal move."""
        table = self.service.get(self.slots[slot])
        user = table.seats[table.match.turn].user_id
        cards = sorted({move_card(m) for m in table.match.legal_moves() if not is_claim(m)})
        started = time.perf_counter()
        outcome = await self.service.play_card(
            table.id, user, table.version, self.rng.choice(cards)
        )
        if outcome.kind == "choose":
            table = self.service.get(table.id)
            started = time.perf_counter()
            move = self.rng.choice(outcome.moves)
            await self.service.choose(table.id, user, table.version, move)
        self.latencies.append((time.perf_counter() - started) * 1000)
        self.moves += 1
        if not self.service.get(table.id).is_live:
            self.slots[slot] = await self.new_match(slot)

    async def _offer(self, slot: int) -> None:
        try:
            await self.play(slot)
        finally:
            self.busy.discard(slot)

    async def run(self, seconds: float) -> dict[str, Any]:
        tasks: set[asyncio.Task] = set()
        loop = asyncio.get_running_loop()
        started = loop.time()
        tick = 0
        while (now := loop.time()) < started + seconds:
            due = started + tick / self.rate
            if due > now:
                await asyncio.sleep(due - now)
            tick += 1
            self.offered += 1
            free = [slot for slot in range(self.count) if slot not in self.busy]
            if not free:
                self.skipped += 1
                continue
            slot = self.rng.choice(free)
            self.busy.add(slot)
            task = asyncio.create_task(self._offer(slot))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await asyncio.gather(*tasks)
        elapsed = loop.time() - started
        return {
            "moves": self.moves,
            "moves_per_s": round(self.moves / elapsed, 1),
            "click_to_commit_ms_p50": percentile(self.latencies, 0.5),
            "click_to_commit_ms_p95": percentile(self.latencies, 0.95),
            "click_to_commit_ms_p99": percentile(self.latencies, 0.99),
            "offered": self.offered,
            "skipped": self.skipped,
            "seconds": round(elapsed, 2),
        }


async def run_service_benchmark(
    *, tables: int, rate: float, seconds: float, database: str | None, seed: int = 1
) -> dict[str, Any]:
    """Offer ``rate`` moves/s over ``tables`` tables for ``seconds``; the report
    (``database``: see ``scratch.benchmark_database``)."""
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            load = ServiceLoad(
                TableService(storage, deal_seed=seed), tables=tables, rate=rate, seed=seed
            )
            await load.setup()
            commits = storage.commits
            report = await load.run(seconds)
            report["commits"] = storage.commits - commits
        finally:
            await storage.close()
    return {
        "benchmark": "service",
        "tables": tables,
        "rate": rate,
        "database": described(database),
        "seed": seed,
        **report,
    }
