"""The bot on PostgreSQL: a whole match of each game, played through SimCord, leaves the
same leaderboard, stats and history as on SQLite, and the database agrees with them."""

from __future__ import annotations

import json
import re

import pytest
import simcord

from bot.client import CLAIM_CHECK_SECONDS, create_bot
from bot.storage import EVERY_SHARD, Storage
from tests.discord_helpers import LeakChecker, TableDriver, make_world

pytestmark = pytest.mark.postgres

MATCHES = {"escoba": {"target": 11}, "scopa": {"target": 11}, "rubamazzo": {}}


def shown(response) -> str:
    """What a command's answer shows (its embeds), with dates left out: the rows are
    dated by the real clock, which moved on between the two matches."""
    return re.sub(r"<t:\d+:R>", "<t:…:R>", json.dumps([e.to_dict() for e in response.embeds]))


async def play_and_look(settings, game: str) -> list[str]:
    """Play one seeded match of ``game`` and return what /leaderboard, /stats and
    /history then show, and the score sheet of the match."""
    async with simcord.run(create_bot(settings)) as env:
        _, channel, players = make_world(env, "ana", "bob")
        driver = TableDriver(env, channel, players)
        await driver.open(f"{game} new", **MATCHES[game])
        await driver.seat_and_start()
        await driver.play_to_end(after_turn=LeakChecker())
        ana = players[0]
        board = await ana.slash(channel, "leaderboard", game=game)
        stats = await ana.slash(channel, "stats", member=players[1])
        history = await ana.slash(channel, "history")
        sheet = await ana.select(history.response.message, ["1"])
        return [shown(r.response) for r in (board, stats, history, sheet)]


@pytest.mark.parametrize("game", sorted(MATCHES))
async def test_a_match_on_postgresql_shows_what_it_shows_on_sqlite(
    game, bot_settings, postgres_url
):
    on_sqlite = await play_and_look(bot_settings.model_copy(update={"database_url": ""}), game)
    on_postgres = bot_settings.model_copy(update={"database_url": postgres_url})
    assert await play_and_look(on_postgres, game) == on_sqlite

    storage = await Storage.open(postgres_url)
    try:
        row = await storage.table_row(1)
        moves = await storage.move_log(1)
        assert row["status"] == "finished" and row["game"] == game
        assert [move["version"] for move in moves] == list(range(2, row["version"] + 1))
        assert len(await storage.player_stats(row["guild_id"], row["host_id"])) == 1
    finally:
        await storage.close()


async def test_a_newer_process_takes_the_tables_over_and_the_old_one_stops(
    bot_settings, postgres_url, caplog
):
    """A rolling deploy: the newer process claims the shards at start, and the old one,
    at its next check, stops driving and showing the tables."""
    settings = bot_settings.model_copy(update={"database_url": postgres_url})
    async with simcord.run(create_bot(settings)) as env:
        _, channel, players = make_world(env, "ana", "bob")
        driver = TableDriver(env, channel, players)
        await driver.open("escoba new")
        await driver.seat_and_start()
        await driver.play_turn()
        old = env.bot
        assert await old.storage.shard_claims(None) == {EVERY_SHARD: old.owner}
        newer = await Storage.open(postgres_url)
        try:
            await newer.claim_shards(None, "host-b pid 7 (newer)")
        finally:
            await newer.close()
        await env.advance_time(CLAIM_CHECK_SECONDS)
        assert old.is_closed(), "the old process stopped at its next check"
        assert "host-b pid 7 (newer) took over every shard" in caplog.text

        version = driver.board_version()
        await env.restart_bot(create_bot(settings))
        await driver.play_turn()
        assert driver.board_version() == version + 1, "the newer process drives the table"
        assert driver.board_counts() == 40
