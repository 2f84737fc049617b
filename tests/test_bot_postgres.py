"""The bot on PostgreSQL: a whole match of each game, played through SimCord, leaves the
same leaderboard, stats and history as on SQLite, and the database agrees with them."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
import simcord

from bot.client import CLAIM_CHECK_SECONDS, create_bot
from bot.publishing.table import RETRY_SECONDS
from bot.storage import EVERY_SHARD, Storage
from tests.discord_helpers import LeakChecker, TableDriver, current, enabled, make_world
from tests.pg_proxy import commit_cutter
from tests.test_bot_publisher import one_move_card

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


async def one_turn_played(env) -> TableDriver:
    """ana and bob at an Escoba table, its first turn played."""
    _, channel, players = make_world(env, "ana", "bob")
    driver = TableDriver(env, channel, players)
    await driver.open("escoba new")
    await driver.seat_and_start()
    await driver.play_turn()
    return driver


async def test_a_newer_process_takes_the_tables_over_and_the_old_one_stops(
    bot_settings, postgres_url, caplog
):
    """A rolling deploy: the newer process claims the shards at start, and the old one,
    at its next check, stops driving and showing the tables."""
    settings = bot_settings.model_copy(update={"database_url": postgres_url})
    async with simcord.run(create_bot(settings)) as env:
        driver = await one_turn_played(env)
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


async def test_after_a_takeover_the_old_process_writes_and_shows_nothing(
    bot_settings, postgres_url, caplog
):
    """Fenced claims: the old process's first write after the newer one claimed the
    shards fails in its transaction; it says nothing more on Discord and stops, and the
    newer process, which loaded the tables at its claim, shows and plays them."""
    settings = bot_settings.model_copy(update={"database_url": postgres_url})
    async with simcord.run(create_bot(settings)) as env:
        driver = await one_turn_played(env)
        old, version = env.bot, driver.board_version()
        newer = await Storage.open(postgres_url)
        try:
            await newer.claim_shards(None, "host-b pid 7 (newer)")
            since = len(env.http_requests)
            panel, clicker = await driver.panel(driver.actor())
            await clicker.click(panel, custom_id=one_move_card(env, panel))  # to the old one
            said = [r for r in env.http_requests[since:] if "/interactions/" not in r.path]
            assert said == [], "nothing more on Discord from the old process"
            assert (await newer.table_row(1))["version"] == version, "nothing written"
        finally:
            await newer.close()
        assert old.is_closed(), "it stopped at once, not at its next claim check"
        assert "another process took over shard every shard (found at a write)" in caplog.text

        await env.restart_bot(create_bot(settings))
        assert driver.board_version() == version
        await driver.play_turn()
        assert driver.board_version() == version + 1, "the newer process drives the table"
        assert driver.board_counts() == 40


async def lost_commit_match(env):
    """ana and bob at an Escoba table, one turn played; the player to act, their panel,
    who clicks it, and the version."""
    driver = await one_turn_played(env)
    actor = driver.actor()
    panel, clicker = await driver.panel(actor)
    return driver, actor, panel, clicker, driver.board_version()


@contextlib.asynccontextmanager
async def bot_behind_a_cutter(bot_settings, postgres_url):
    """The bot on PostgreSQL through a ``CommitCutter``: the cutter and SimCord's env."""
    async with commit_cutter(postgres_url) as (cutter, url):
        settings = bot_settings.model_copy(update={"database_url": url})
        async with simcord.run(create_bot(settings)) as env:
            yield cutter, env


def told(result) -> list[str]:
    return [m.content for m in result.followups if m.content]


async def test_a_move_whose_commit_answer_was_lost_is_played_as_saved(bot_settings, postgres_url):
    async with bot_behind_a_cutter(bot_settings, postgres_url) as (cutter, env):
        driver, actor, panel, clicker, version = await lost_commit_match(env)
        cutter.lose_commit_answer()
        clicked = await clicker.click(panel, custom_id=one_move_card(env, panel))
        assert cutter.commits_cut == 1
        assert told(clicked) == [], "no 'nothing was changed': the move was saved"
        stored = await env.bot.storage.table_row(1)
        table = env.bot.service.tables[1]
        assert stored["version"] == table.version == version + 1, "memory = database"
        assert driver.board_version() == version + 1, "published as any saved move"
        following = driver.actor()
        assert following is not actor
        assert enabled(driver.dm_panel(following), "esc:card:"), "the next player's turn"
        await driver.play_turn()
        assert driver.board_version() == version + 2


async def test_a_move_whose_commit_never_arrived_is_told_as_not_played(bot_settings, postgres_url):
    async with bot_behind_a_cutter(bot_settings, postgres_url) as (cutter, env):
        driver, _, panel, clicker, version = await lost_commit_match(env)
        cutter.lose_commit()
        card = one_move_card(env, panel)
        clicked = await clicker.click(panel, custom_id=card)
        assert told(clicked) == ["Something went wrong on my side; nothing was changed. Try again."]
        assert (await env.bot.storage.table_row(1))["version"] == version
        assert env.bot.service.tables[1].version == version
        await clicker.click(current(env, panel), custom_id=card)
        assert driver.board_version() == version + 1, "played at the second click"


async def test_when_even_the_lookup_fails_the_member_is_told_it_is_unsure(
    bot_settings, postgres_url
):
    async with bot_behind_a_cutter(bot_settings, postgres_url) as (cutter, env):
        driver, _, panel, clicker, version = await lost_commit_match(env)
        cutter.lose_commit_answer(then_down=True)
        clicked = await clicker.click(panel, custom_id=one_move_card(env, panel))
        assert told(clicked) == [
            "The connection to the database dropped while saving, so I cannot tell yet"
            " whether that was saved. The board will show it in a moment; check it"
            " before playing again."
        ]
        assert driver.board_version() == version, "not shown while unsure"
        cutter.set_down(False)
        await env.advance_time(sum(RETRY_SECONDS[:3]))  # it retried while down
        assert env.bot.service.tables[1].version == version + 1, "caught up"
        assert driver.board_version() == version + 1, "the board shows what was saved"
        await driver.play_turn()
        assert driver.board_version() == version + 2
