"""The quick-play pool on both databases (``pool.service``, ``storage.pool``): members
enter once, leave, are paired by waves with their blocks honoured, banned after
strikes; two storages racing the same waves never pair a member twice or lose one,
and neither does a process killed in the middle of a wave."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime

import orjson
import pytest

from bot.pool.service import OFFER_AFTER, Joining, PoolService
from bot.storage import RuleBroken, Storage
from bot.tables import Table, TableError
from tests.test_kill_nine import run_killed

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def member(user_id: int, rating: int = 1000) -> Joining:
    return Joining(user_id, rating, None, "en", 1, f"token-{user_id}")


@pytest.fixture
async def pool(database_url):
    storage = await Storage.open(database_url, clock=lambda: NOW)
    yield PoolService(storage, lambda: NOW)
    await storage.close()


async def paired(pool: PoolService, ids: list[int]) -> list[list[list[int]]]:
    return [(await pool.storage.pairing(i))["data"]["sides"] for i in ids]  # type: ignore[index]


async def test_a_member_waits_once_and_may_leave(pool):
    await pool.enter("scopa", member(1))
    with pytest.raises(TableError) as refused:
        await pool.enter("escoba", member(1))
    assert refused.value.key == "pool.already"
    assert await pool.leave(1) and not await pool.leave(1)
    assert await pool.storage.pool_entries() == []


async def test_a_wave_pairs_close_ratings_and_offers_the_bot_once_after_a_wait(pool):
    for user, rating in ((1, 1000), (2, 1050), (3, 1900)):
        await pool.enter("scopa", member(user, rating))
    wave = await pool.wave("scopa")
    ids = wave.pairings
    assert [sorted(map(tuple, m)) for m in await paired(pool, ids)] == [[(1,), (2,)]]
    (left,) = await pool.storage.pool_entries("scopa")
    assert left["user_id"] == 3 and wave.offers == [], "not offered before its time"
    later = PoolService(pool.storage, lambda: NOW + OFFER_AFTER)
    assert [row["user_id"] for row in (await later.wave("scopa")).offers] == [3]
    assert (await later.wave("scopa")).offers == [], "offered once"
    pairing = await pool.storage.pairing(ids[0])
    assert pairing is not None and pairing["data"]["members"]["1"]["token"] == "token-1"


async def test_blocks_are_honoured_in_the_next_wave(pool):
    await pool.storage.block(2, 1)
    for user in (1, 2):
        await pool.enter("escoba", member(user))
    assert (await pool.wave("escoba")).pairings == []
    await pool.enter("escoba", member(3))
    (only,) = await paired(pool, (await pool.wave("escoba")).pairings)
    assert 2 not in {m for side in only for m in side} or 1 not in {m for s in only for m in s}


async def test_scopone_sides_from_solos_and_a_pair_entered_together(pool):
    await pool.enter("scopone", member(1), member(2))
    for user in (3, 4):
        await pool.enter("scopone", member(user))
    (match,) = await paired(pool, (await pool.wave("scopone")).pairings)
    assert sorted(sorted(side) for side in match) == [[1, 2], [3, 4]]
    with pytest.raises(TableError):
        await pool.enter("scopa", member(5), member(6))


async def test_strikes_ban_from_the_pool_with_the_minutes_left(pool):
    await pool.strike(7, "left")
    with pytest.raises(TableError) as refused:
        await pool.enter("scopa", member(7))
    assert refused.value.key == "pool.banned" and refused.value.params == {"minutes": 10}


async def test_a_pairing_opens_one_table(pool):
    for user in (1, 2):
        await pool.enter("scopa", member(user))
    (pairing,) = (await pool.wave("scopa")).pairings
    row = Table(0, guild_id=0, channel_id=0, host_id=1, game="scopa", options={}, locale="en")
    storage = pool.storage
    table = await storage.create_table(row.to_row(), pairing=pairing)
    with pytest.raises(RuleBroken):
        await storage.create_table(row.to_row(), pairing=pairing)
    assert (await storage.pairing(pairing))["table_id"] == table  # type: ignore[index]
    assert await storage.open_pairings() == []


@pytest.mark.postgres
async def test_racing_waves_pair_nobody_twice_and_lose_nobody(postgres_url):
    """Two storages (two connection pools, as two processes have) run the same waves
    while members enter and cancel (several processes share PostgreSQL only)."""
    first = await Storage.open(postgres_url)
    second = await Storage.open(postgres_url)
    pools = [PoolService(s, lambda: NOW) for s in (first, second)]
    rng, entered, cancelled = random.Random(5), set(), set()
    try:
        for round_ in range(12):
            for user in range(round_ * 10, round_ * 10 + 10):
                await pools[user % 2].enter("escoba", member(user, rng.randint(900, 1100)))
                entered.add(user)
            if await pools[1].leave(round_ * 10):
                cancelled.add(round_ * 10)
            await asyncio.gather(*(p.wave("escoba") for p in pools))
        await assert_accounted(first, entered, cancelled)
    finally:
        await first.close()
        await second.close()


async def assert_accounted(storage: Storage, entered: set[int], cancelled: set[int]) -> None:
    """Every member entered is waiting, cancelled or in exactly one pairing."""
    waiting = {row["user_id"] for row in await storage.pool_entries()}
    rows = await storage.db.fetch_all("SELECT data FROM pool_pairings")
    in_pairings = [m for row in rows for side in orjson.loads(row["data"])["sides"] for m in side]
    assert len(in_pairings) == len(set(in_pairings)), "nobody paired twice"
    assert not waiting & set(in_pairings)
    assert waiting | set(in_pairings) | cancelled == entered, "nobody lost"


WAVES = """
import asyncio, sys
from datetime import UTC, datetime
from bot.pool.service import PoolService
from bot.storage import Storage

async def main(url):
    storage = await Storage.open(url)
    pool = PoolService(storage, lambda: datetime.now(UTC))
    while True:
        (await pool.wave("escoba")).pairings
        print("step", flush=True)

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.postgres
async def test_a_process_killed_in_the_middle_of_waves_pairs_nobody_twice(postgres_url):
    storage = await Storage.open(postgres_url)
    pool = PoolService(storage, lambda: NOW)
    rng, entered = random.Random(9), set()
    try:
        for kill in range(6):
            for user in range(kill * 30, kill * 30 + 30):
                await pool.enter("escoba", member(user, rng.randint(800, 1200)))
                entered.add(user)
            run_killed(WAVES, postgres_url, rng.randint(1, 3), rng.uniform(0, 0.05))
        await assert_accounted(storage, entered, set())
    finally:
        await storage.close()
