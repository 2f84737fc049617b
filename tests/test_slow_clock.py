"""Slow tables' deadlines in the database: saved with their table, a reminder claimed
once across processes, a process whose shard was taken over fenced out, and the time
a restart gives back."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import create_bot
from bot.storage import ClaimLost, Shards, Storage
from bot.tables import PACES, Seat, TableService, TableSettings
from tests.discord_helpers import TableDriver, answer, make_world

DAY = PACES["day"]


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def slow_match(service: TableService, guild_id: int = 1 << 22) -> int:
    table = await service.create(
        guild_id=guild_id,
        channel_id=5,
        host=Seat(user_id=11, name="ana"),
        game="scopa",
        options={"players": 2, "target_score": 11},
        locale="en",
        settings=TableSettings(turn_timer=int(DAY), pace="day", dm_hands=True),
    )
    await service.join(table.id, Seat(user_id=12, name="bob"))
    await service.start(table.id, 11)
    return table.id


async def test_a_slow_table_saves_its_turns_deadlines_with_it(tmp_path):
    storage = await Storage.open(f"sqlite:///{tmp_path / 'slow.sqlite3'}")
    try:
        clock = Clock()
        service = TableService(storage, deal_seed=1, clock=clock)
        table_id = await slow_match(service)
        table = service.tables[table_id]
        rows = await storage.pending_deadlines(table_id)
        member = table.seats[table.match.turn].user_id
        assert [(r["kind"], r["user_id"], r["turn"]) for r in rows] == [
            ("remind", member, table.turn.opened),
            ("timeout", member, table.turn.opened),
        ]
        assert rows[1]["due_at"] == clock.now + DAY and rows[0]["due_at"] == clock.now + 0.8 * DAY
        assert await storage.claim_reminder(table_id, table.guild_id, table.turn.opened)
        assert not await storage.claim_reminder(table_id, table.guild_id, table.turn.opened)
        await service.give_time(table_id, 3600)  # a save of the same turn: still sent
        assert [r["done"] for r in await storage.pending_deadlines(table_id)] == [1, 0]
        await service.leave(table_id, member)
        assert await storage.pending_deadlines(table_id) == [], "an ended match has none"
    finally:
        await storage.close()


@pytest.mark.postgres
async def test_two_processes_send_a_reminder_once_and_a_taken_shard_is_fenced(postgres_url):
    shards = Shards((0, 1), 2)
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        await first.claim_shards(shards, "first")
        service = TableService(first, deal_seed=1, clock=Clock(), shards=shards)
        table_id = await slow_match(service)
        table = service.tables[table_id]
        await second.claim_shards(shards, "second")  # a restart took the shards over
        claims = await asyncio.gather(
            *(
                storage.claim_reminder(table_id, table.guild_id, table.turn.opened)
                for storage in (first, second, second)
            ),
            return_exceptions=True,
        )
        assert claims.count(True) == 1, claims
        assert isinstance(claims[0], ClaimLost), "the old process is fenced out"
    finally:
        await first.close()
        await second.close()


@pytest.mark.simcord(settle_timeout=10.0)
async def test_time_the_bot_was_away_is_given_back_to_the_slow_turn(simcord_env, bot_settings):
    _, channel, players = make_world(simcord_env, "alex", "bea")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", pace="day")
    await driver.seat_and_start()
    before = simcord_env.bot.service.tables[1].turn.deadline
    simcord_env.bot.stop_work()  # the process dies: nothing of it runs any more
    simcord_env.backend.clock.advance(5 * 3600)  # the bot is away five hours
    await simcord_env.restart_bot(create_bot(bot_settings))
    after = simcord_env.bot.service.tables[1].turn.deadline
    assert after is not None and before is not None
    assert abs(after - before - 5 * 3600) < 120, (before, after)
    listed = answer(await players[0].user.slash("games")).message
    assert f"<t:{int(after)}:R>" in listed.embeds[0].description
