"""SimCord fixtures: the real bot, a fresh database per test, seeded deals, no pause;
and databases: ``database_url`` gives each test a fresh SQLite file, and, for tests
marked ``postgres``, a fresh schema on ``TEST_DATABASE_URL``'s PostgreSQL server."""

from __future__ import annotations

import contextlib
import os

import pytest

from bot.client import create_bot
from bot.settings import Settings
from bot.storage.databases import DatabaseError, scratch_schema

os.environ.setdefault("PUZZLE_STOCK", "0")  # the sandbox's tests mine no puzzles behind them


@pytest.fixture
def bot_settings(request, tmp_path) -> Settings:
    """The bot's settings in tests: SQLite, or with ``TEST_BACKEND=postgresql`` a fresh
    PostgreSQL schema (the whole suite then runs on PostgreSQL)."""
    on_postgres = os.environ.get("TEST_BACKEND") == "postgresql"
    return Settings(
        discord_token="simcord",
        database_url=request.getfixturevalue("postgres_url") if on_postgres else "",
        database_path=tmp_path / "escoba.sqlite3",
        deal_seed=1,
        hand_pause=0,
        bot_pause=0,
        publish_pause=0,
        ping_quiet=0,
        edit_window=0,
        shard_count=1,
        puzzle_stock=0,
    )


@pytest.fixture
async def simcord_bot(bot_settings):
    """The bot SimCord runs; its database is closed after SimCord detaches it, so no
    database call is left to finish once the test's event loop is gone."""
    bot = create_bot(bot_settings)
    yield bot
    storage = getattr(bot, "storage", None)
    if storage is not None:
        await storage.close()


@pytest.fixture
async def postgres_url():
    """A fresh schema on the PostgreSQL server of ``TEST_DATABASE_URL``, dropped after
    the test; the test is skipped, with the reason, where no server answers."""
    server = os.environ.get("TEST_DATABASE_URL")
    if not server:
        pytest.skip("TEST_DATABASE_URL is not set (e.g. postgresql://127.0.0.1:5432/test)")
    async with contextlib.AsyncExitStack() as stack:
        try:
            url = await stack.enter_async_context(scratch_schema(server))
        except DatabaseError as exc:
            pytest.skip(f"no PostgreSQL answers at TEST_DATABASE_URL: {exc}")
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request, tmp_path) -> str:
    """Each backend in turn: a fresh SQLite file, then a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return request.getfixturevalue("postgres_url")
