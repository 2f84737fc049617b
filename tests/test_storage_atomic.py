"""Each save is a transaction of its own, even when saves of other tables run at once;
a save that fails leaves nothing behind, in memory or in the database."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from bot.storage import Storage
from bot.storage.databases import Conflict
from bot.tables import Seat, Table, TableError, TableService
from tests.test_table_service import lobby, playing_table, single_option_card

REFUSED = (sqlite3.OperationalError, asyncpg.DiskFullError)
REFUSE_ON_POSTGRES = """
CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
END $$;
CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE ON game_tables
    FOR EACH ROW EXECUTE FUNCTION refuse_writes();
"""
ACCEPT_ON_POSTGRES = """
DROP TRIGGER refuse_writes ON game_tables;
DROP FUNCTION refuse_writes();
"""


async def read_only(service: TableService, on: bool) -> None:
    """A real fault: the database refuses every write. SQLite: "attempt to write a
    readonly database", as with a read-only disk; PostgreSQL: "no space left on
    device" (a trigger raises the disk-full error)."""
    database = service.storage.db
    if database.dialect == "sqlite":
        await database.connection.execute(f"PRAGMA query_only = {int(on)}")
    else:
        await database.pool.execute(REFUSE_ON_POSTGRES if on else ACCEPT_ON_POSTGRES)


@pytest.fixture
async def service(database_url):
    storage = await Storage.open(database_url)
    yield TableService(storage, deal_seed=3)
    await storage.close()


async def test_a_failed_save_is_not_committed_with_another_tables_save(service):
    storage = service.storage
    first, second = await playing_table(service), await playing_table(service)
    before = await storage.table_row(first.id)
    taken = {"seat": 0, "move": "7o", "events": []}
    row = first.to_row() | {"version": 2}
    await storage.save_table(first.id, row, revision=first.revision, move=taken)
    changed = row | {"status": "finished"}
    commits = storage.commits
    results = await asyncio.gather(  # version 2 again: the move log refuses it
        storage.save_table(first.id, changed, revision=first.revision + 1, move=taken),
        storage.save_table(second.id, second.to_row() | {"locale": "es"}, revision=second.revision),
        return_exceptions=True,
    )
    assert isinstance(results[0], Conflict) and results[1] is None
    if storage.dialect == "sqlite":
        assert storage.commits == commits + 1, "saves that arrive together share one commit"
    row = await storage.table_row(first.id)
    assert row["status"] == before["status"] == "playing", "the failed save left nothing"
    assert row["revision"] == first.revision + 1
    assert (await storage.table_row(second.id))["locale"] == "es"


async def test_a_move_whose_save_fails_changes_nothing_in_memory(service):
    table = await playing_table(service)
    user = table.seats[table.state.turn].user_id
    card = single_option_card(table)

    await read_only(service, True)
    with pytest.raises(REFUSED):
        await service.play_card(table.id, user, 1, card)
    await read_only(service, False)
    kept = service.get(table.id)
    assert kept.version == 1 and kept.state == table.state, "memory is what was saved"
    stored = Table.from_row(await service.storage.table_row(table.id))
    assert stored.version == kept.version and stored.state == kept.state

    played = await service.play_card(table.id, user, 1, card)
    assert played.kind == "applied" and service.get(table.id).version == 2
    log = await service.storage.move_log(table.id)
    assert [entry["version"] for entry in log] == [2], "no gap in the move log"


async def test_a_join_that_fails_to_save_seats_nobody(service):
    table = await lobby(service, {})

    await read_only(service, True)
    with pytest.raises(REFUSED):
        await service.join(table.id, Seat(user_id=11, name="bob"))
    assert [seat.user_id for seat in service.get(table.id).seats] == [10]


async def test_the_database_keeps_one_live_table_per_channel_without_threads(service):
    opened = await asyncio.gather(
        lobby(service, {}, in_channel=True),
        lobby(service, {}, in_channel=True),
        return_exceptions=True,
    )
    refused = [result for result in opened if isinstance(result, TableError)]
    assert len(refused) == 1 and refused[0].key == "error.channel_busy"
    assert len(service.live_in(2)) == 1, "memory holds only the table that was saved"
    with_threads = await lobby(service, {})
    assert len(service.live_in(2)) == 2, "tables with threads of their own are not limited"
    kept = next(result for result in opened if isinstance(result, Table))
    await service.cancel(kept.id, 10, can_manage=False)
    again = await lobby(service, {}, in_channel=True)
    assert again.id > with_threads.id, "a cancelled table frees its channel"


async def test_a_double_clicked_rematch_opens_one_lobby(service):
    finished = await playing_table(service)
    rematches = await asyncio.gather(
        lobby(service, {}, rematch_of=finished),
        lobby(service, {}, rematch_of=finished),
        return_exceptions=True,
    )
    refused = [result for result in rematches if isinstance(result, TableError)]
    assert len(refused) == 1 and refused[0].key == "lobby.rematch_open"
