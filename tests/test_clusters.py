"""Several processes on one database: each restores only its shards' tables, and two
that race on one table (a rolling deploy, say) never both apply a move."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.ratings import Rating
from bot.storage import EVERY_SHARD, ClaimLost, Shards, Storage
from bot.tables import Seat, Table, TableError, TableService
from tests.test_table_service import lobby, playing_table

ROUNDS = 12


@contextlib.asynccontextmanager
async def processes(database_url: str, count: int):
    """``count`` table services, each with its own connection to the database."""
    storages = [await Storage.open(database_url) for _ in range(count)]
    try:
        yield [TableService(storage, deal_seed=3) for storage in storages]
    finally:
        for storage in storages:
            await storage.close()


async def play_first_legal(service: TableService, table_id: int, pick: int):
    """What this process believes is a legal move for the seat to act."""
    table = service.get(table_id)
    user = table.seats[table.state.turn].user_id
    moves = table.state.legal_moves()
    return await service.choose(table_id, user, table.version, moves[pick % len(moves)])


async def test_two_processes_racing_on_a_table_apply_one_move_per_version(database_url):
    async with processes(database_url, 2) as (first, second):
        table = await playing_table(first)
        await second.restore()
        for _ in range(ROUNDS):
            raced = await asyncio.gather(
                play_first_legal(first, table.id, 0),
                play_first_legal(second, table.id, -1),
                return_exceptions=True,
            )
            refused = [r for r in raced if isinstance(r, TableError)]
            assert len(refused) == 1 and refused[0].key == "table.out_of_date", raced
            assert first.get(table.id).version == second.get(table.id).version
        stored = Table.from_row(await first.storage.table_row(table.id))
        for service in (first, second):
            kept = service.get(table.id)
            assert (kept.version, kept.revision, kept.state) == (
                stored.version,
                stored.revision,
                stored.state,
            ), "the loser reloaded the table: memory equals the database"
        log = await first.storage.move_log(table.id)
        assert [entry["version"] for entry in log] == list(range(2, ROUNDS + 2))


async def test_a_lobby_change_from_an_out_of_date_process_is_refused(database_url):
    async with processes(database_url, 2) as (first, second):
        table = await lobby(first, {})
        await second.restore()
        await first.toggle(table.id, 10, "hints")
        with pytest.raises(TableError) as refused:
            await second.set_target(table.id, 10, 31)
        assert refused.value.key == "table.out_of_date"
        assert second.get(table.id).settings.hints, "the refusal brought the newer table in"
        changed = await second.set_target(table.id, 10, 31)
        assert changed.options["target_score"] == 31 and changed.settings.hints


async def lobbies_in(service: TableService, guilds: list[int]) -> list[Table]:
    """An Escoba lobby hosted by ana in each of ``guilds``."""
    return [
        await service.create(
            guild_id=guild_id,
            channel_id=guild_id + 1,
            host=Seat(user_id=10, name="ana"),
            game="escoba",
            options={},
            locale="en",
        )
        for guild_id in guilds
    ]


async def test_each_cluster_restores_only_its_shards_tables(database_url):
    guilds = [(shard << 22) + 7 for shard in range(4)]  # guild i lives on shard i of 4
    async with processes(database_url, 1) as (creator,):
        await lobbies_in(creator, guilds)
        low = TableService(creator.storage, shards=Shards((0, 1), 4))
        high = TableService(creator.storage, shards=Shards((2, 3), 4))
        assert {table.guild_id for table in await low.restore()} == set(guilds[:2])
        assert {table.guild_id for table in await high.restore()} == set(guilds[2:])


async def play(service: TableService, table_id: int, move: int):
    """``move`` for the seat to act."""
    table = service.get(table_id)
    return await service.choose(
        table_id, table.seats[table.state.turn].user_id, table.version, move
    )


async def play_to_last_move(service: TableService, table_id: int) -> int:
    """Play the first legal move until the next one ends the match; that move."""
    while True:
        table = service.get(table_id)
        move = table.state.legal_moves()[0]
        if table.state.apply(move)[0].is_over:
            return move
        await play(service, table_id, move)


def reading_together(services: list[TableService]) -> None:
    """Each service's first ratings read waits for the others' first: every match reads
    its members' ratings before any of them saves new ones."""
    unread = set(range(len(services)))
    arrived = asyncio.Event()
    for index, service in enumerate(services):

        async def gated(*args, index=index, read=service.storage.ratings):
            if index in unread:
                unread.discard(index)
                if not unread:
                    arrived.set()
                await arrived.wait()
            return await read(*args)

        service.storage.ratings = gated


async def test_matches_ending_at_once_in_two_processes_rate_a_member_in_turn(database_url):
    async with processes(database_url, 2) as (first, second):
        tables = []
        for service, channel_id in ((first, 2), (second, 3)):
            table = await lobby(service, {"target_score": 1}, channel_id=channel_id)
            await service.join(table.id, Seat(user_id=11, name="bob"))
            tables.append(await service.start(table.id, 10))
        last = [
            await play_to_last_move(s, t.id) for s, t in zip((first, second), tables, strict=True)
        ]
        reading_together([first, second])
        await asyncio.gather(
            *(play(s, t.id, m) for s, t, m in zip((first, second), tables, last, strict=True))
        )
        storage = first.storage
        for user_id in (10, 11):
            changes = [(await storage.match_rating_changes(t.id))[user_id] for t in tables]
            (early_before, early_after), (late_before, late_after) = sorted(
                changes, key=lambda change: change[0] != Rating()
            )
            assert early_before == Rating(), "one match was rated from the starting rating"
            assert late_before == early_after, "the other from the rating the first left"
            current = await storage.ratings(1, "escoba", [user_id])
            assert current[user_id] == late_after


async def test_once_another_process_claims_the_shard_the_old_one_writes_nothing(database_url):
    async with processes(database_url, 2) as (old, new):
        await old.storage.claim_shards(None, "old")
        table = await playing_table(old)
        await play_first_legal(old, table.id, 0)
        await new.storage.claim_shards(None, "new")
        await new.restore()  # at the claim: the latest save, since the old one is fenced
        lost: list[ClaimLost] = []
        old.on_claim_lost = lost.append
        for _ in range(2):  # refused by the database, then without asking it
            with pytest.raises(ClaimLost):
                await play_first_legal(old, table.id, 0)
        assert [claim.shard for claim in lost] == [EVERY_SHARD], "told once"
        with pytest.raises(ClaimLost):
            await old.create(
                guild_id=1,
                channel_id=99,
                host=Seat(user_id=5, name="eve"),
                game="escoba",
                options={},
                locale="en",
            )
        stored = Table.from_row(await new.storage.table_row(table.id))
        assert stored.version == new.get(table.id).version == table.version + 1
        await play_first_legal(new, table.id, 0)
        assert new.get(table.id).version == table.version + 2, "the new owner plays on"


async def test_a_shard_taken_over_leaves_the_process_its_other_shards(database_url):
    guilds = [(shard << 22) + 7 for shard in range(2)]  # guild i lives on shard i of 2
    async with processes(database_url, 2) as (old, new):
        old.shards = Shards((0, 1), 2)
        await old.storage.claim_shards(old.shards, "old")
        tables = await lobbies_in(old, guilds)
        await new.storage.claim_shards(Shards((1,), 2), "new")
        await old.join(tables[0].id, Seat(user_id=11, name="bob"))
        with pytest.raises(ClaimLost):
            await old.join(tables[1].id, Seat(user_id=11, name="bob"))
        assert old.serves(tables[0]) and not old.serves(tables[1])


async def test_another_cluster_lists_quick_play_matches_from_the_database(database_url):
    """/watch in a server of another cluster lists quick play's matches, which the process
    of shard 0 plays: read from the database (``WatchHandlers._quick_elsewhere``)."""
    from bot.tables import TableSettings
    from bot.watching.handlers import WatchHandlers

    async with processes(database_url, 2) as (home, elsewhere):
        settings = TableSettings(turn_timer=60, dm_hands=True, quick=1)
        table = await home.create(
            guild_id=0,
            channel_id=0,
            host=Seat(user_id=10, name="ana"),
            game="scopa",
            options={"players": 2, "target_score": 11},
            locale="en",
            settings=settings,
        )
        await home.join(table.id, Seat(user_id=11, name="bob"))
        await home.start(table.id, 10)
        elsewhere.shards = Shards((1,), 2)
        handlers = WatchHandlers()
        handlers.service = elsewhere
        assert [t.id for t in await handlers._quick_elsewhere()] == [table.id]
        handlers.service = home  # the process of shard 0 holds them itself
        assert await handlers._quick_elsewhere() == []
