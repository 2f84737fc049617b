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
        shard_count=1,
    )


@pytest.fixture
def simcord_bot(bot_settings):
    return create_bot(bot_settings)
