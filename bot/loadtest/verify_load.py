"""``python -m bot.loadtest verify``: matches played by random legal moves through the
real table service (secret seeds, every move saved) into a scratch database, then
every one checked as ``python -m bot.verify`` checks a bot's database."""

from __future__ import annotations

import random
from typing import Any

from ..storage import Storage
from ..tables import Seat, Table, TableService
from ..verify import check_all
from .scratch import benchmark_database

BENCH_GAMES = ("escoba", "scopa", "cirulla", "rubamazzo")
"""What the benchmark deals, in turn (two players, each game's defaults)."""


async def play_matches(storage: Storage, count: int, seed: int) -> None:
    """``count`` two-player matches played to the end by random legal moves."""
    service = TableService(storage)
    rng = random.Random(seed)
    for number in range(count):
        game = BENCH_GAMES[number % len(BENCH_GAMES)]
        table = await service.create(
            guild_id=1,
            channel_id=1000 + number,
            host=Seat(user_id=1, name="ana"),
            game=game,
            options={"players": 2},
            locale="en",
        )
        await service.join(table.id, Seat(user_id=2, name="bob"))
        await service.start(table.id, 1)
        while (table := service.get(table.id)).is_live:
            await _random_move(service, table, rng)


async def _random_move(service: TableService, table: Table, rng: random.Random) -> None:
    user = table.seats[table.match.turn].user_id
    await service.choose(table.id, user, table.version, rng.choice(table.match.legal_moves()))


async def run_verify_benchmark(matches: int, seed: int, database: str | None) -> dict[str, Any]:
    async with benchmark_database(database) as url:
        storage = await Storage.open(url)
        try:
            await play_matches(storage, matches, seed)
            ids = await storage.finished_table_ids(limit=matches)
            return {"benchmark": "verify", **await check_all(storage, ids)}
        finally:
            await storage.close()
