"""SimCord fixtures: the real bot, a fresh database per test, seeded deals, no pause."""

from __future__ import annotations

import pytest

from bot.client import create_bot
from bot.settings import Settings


@pytest.fixture
def bot_settings(tmp_path) -> Settings:
    return Settings(
        discord_token="simcord",
        database_path=tmp_path / "escoba.sqlite3",
        deal_seed=1,
        hand_pause=0,
        bot_pause=0,
        publish_pause=0,
        ping_quiet=0,
        edit_window=0,
        shard_count=1,
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
