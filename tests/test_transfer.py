"""``python -m bot.transfer``: an SQLite database moved to PostgreSQL keeps its live
tables, results and settings, and the bot carries on there."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.storage import GuildSettings, Storage
from bot.storage.server import COPIED_TABLES
from bot.tables import TableService
from bot.transfer import main as transfer_main
from tests.test_table_service import lobby, playing_table, single_option_card

pytestmark = pytest.mark.postgres


async def main(argv: list[str]) -> int:
    """The command, run as from a shell (it starts an event loop of its own)."""
    return await asyncio.to_thread(transfer_main, argv)


async def finished_match(service: TableService) -> None:
    table = await playing_table(service, target_score=1)
    while service.get(table.id).is_live:
        live = service.get(table.id)
        user = live.seats[live.state.turn].user_id
        moves = live.state.legal_moves()
        await service.choose(table.id, user, live.version, moves[0])


async def test_an_sqlite_database_moves_to_postgresql_and_play_goes_on(
    tmp_path, postgres_url, capsys
):
    sqlite_url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old = await Storage.open(sqlite_url)
    service = TableService(old, deal_seed=3)
    await finished_match(service)
    waiting = await lobby(service, {"target_score": 31})
    playing = await playing_table(service)
    await old.save_guild_settings(1, GuildSettings(language="es", turn_timer=60))
    before = {
        "board": await old.leaderboard(1, "escoba", limit=10, offset=0),
        "history": await old.finished_tables(1, limit=5),
        "log": await old.move_log(1),
    }
    await old.close()

    assert await main(["--from", sqlite_url, "--to", postgres_url]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["copied"]["game_tables"] == 3 and report["copied"]["moves"] > 0

    new = await Storage.open(postgres_url)
    try:
        assert await new.leaderboard(1, "escoba", limit=10, offset=0) == before["board"]
        assert await new.finished_tables(1, limit=5) == before["history"]
        assert await new.move_log(1) == before["log"]
        assert (await new.guild_settings(1)).language == "es"
        moved = TableService(new, deal_seed=3)
        assert {t.id for t in await moved.restore()} == {waiting.id, playing.id}
        user = playing.seats[playing.state.turn].user_id
        played = await moved.play_card(playing.id, user, 1, single_option_card(playing))
        assert played.kind == "applied"
        assert (await lobby(moved, {})).id == playing.id + 1, "new ids follow the copied ones"
    finally:
        await new.close()


async def test_a_transfer_into_a_database_with_data_is_refused(tmp_path, postgres_url, capsys):
    sqlite_url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    for url in (sqlite_url, postgres_url):
        storage = await Storage.open(url)
        await lobby(TableService(storage), {})
        await storage.close()
    assert await main(["--from", sqlite_url, "--to", postgres_url]) == 2
    assert "already holds data" in capsys.readouterr().err
    assert await main(["--from", str(tmp_path / "missing.sqlite3"), "--to", postgres_url]) == 2
    assert "no SQLite database at" in capsys.readouterr().err


async def test_every_table_of_the_schema_is_copied(tmp_path):
    """A table added by a migration and forgotten by the transfer would be lost in it
    (daily hands and tournaments once were)."""
    storage = await Storage.open(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    try:
        rows = await storage.db.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    finally:
        await storage.close()
    tables = {row["name"] for row in rows} - {"schema_migrations", "shard_claims"}
    assert tables == set(COPIED_TABLES)
