"""Seasons: keys and bounds, a match counted in the season it ends in, season ratings
started afresh, practice matches in no season; /leaderboard's season and /settings'."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot.client import create_bot
from bot.games import move_card
from bot.seasons import RANKED_AFTER, bounds, is_season, previous, season_of
from bot.storage import GuildSettings, Storage
from bot.tables import Seat, TableService, TableSettings
from tests.discord_helpers import TableDriver, make_world


def test_season_keys_and_their_bounds():
    when = datetime(2026, 11, 26, 12, 30, tzinfo=UTC)
    assert season_of(when, "monthly") == "2026-11"
    assert season_of(when, "weekly") == "2026-W48"
    assert season_of(when, "quarterly") == "2026-Q4"
    assert season_of(when, "none") == ""
    assert bounds("2026-11") == (
        datetime(2026, 11, 1, tzinfo=UTC),
        datetime(2026, 12, 1, tzinfo=UTC),
    )
    assert bounds("2026-12")[1] == datetime(2027, 1, 1, tzinfo=UTC)
    assert bounds("2026-W48") == (
        datetime(2026, 11, 23, tzinfo=UTC),
        datetime(2026, 11, 30, tzinfo=UTC),
    )
    assert bounds("2026-Q4") == (
        datetime(2026, 10, 1, tzinfo=UTC),
        datetime(2027, 1, 1, tzinfo=UTC),
    )
    assert previous("2026-01") == "2025-12" and previous("2026-W01") == "2025-W52"
    assert previous("2026-Q1") == "2025-Q4"
    assert not is_season("2026-13") and not is_season("last") and is_season("2026-W05")


@pytest.fixture
async def clocked(database_url):
    now = [datetime(2026, 10, 31, 23, 0, tzinfo=UTC)]
    storage = await Storage.open(database_url, clock=lambda: now[0])
    yield TableService(storage, deal_seed=3), now
    await storage.close()


async def finished_match(service: TableService, *, hints: bool = False) -> None:
    table = await service.create(
        guild_id=1,
        channel_id=2,
        host=Seat(user_id=10, name="ana"),
        game="escoba",
        options={"target_score": 1},
        locale="en",
        settings=TableSettings(hints=hints),
    )
    await service.join(table.id, Seat(user_id=11, name="bob"))
    await service.start(table.id, 10)
    while (table := service.get(table.id)).status == "playing":
        user = table.seats[table.state.turn].user_id
        card = move_card(table.state.legal_moves()[0])
        outcome = await service.play_card(table.id, user, table.version, card)
        if outcome.kind == "choose":
            await service.choose(table.id, user, table.version, outcome.moves[0])


async def test_each_season_rates_afresh_and_practice_counts_in_none(clocked):
    service, now = clocked
    storage = service.storage
    await finished_match(service)
    october, _ = await storage.leaderboard(1, "escoba", limit=10, offset=0, season="2026-10")
    assert sorted(r.played for r in october) == [1, 1]
    now[0] = datetime(2026, 11, 1, 0, 30, tzinfo=UTC)  # a new month: a new season
    await finished_match(service)
    await finished_match(service, hints=True)
    november, _ = await storage.leaderboard(1, "escoba", limit=10, offset=0, season="2026-11")
    alltime, _ = await storage.leaderboard(1, "escoba", limit=10, offset=0)
    assert sorted(r.played for r in november) == [1, 1], "the practice match is in no season"
    assert sorted(r.played for r in alltime) == [3, 3]
    winner = max(november, key=lambda r: r.won)
    assert winner.rating.mu == pytest.approx(max(r.rating.mu for r in october)), (
        "one win from the starting rating, as in October"
    )
    assert await storage.seasons_played(1, "escoba") == ["2026-11", "2026-10"]
    await storage.save_guild_settings(1, GuildSettings(season_length="none"))
    await finished_match(service)
    assert await storage.seasons_played(1, "escoba") == ["2026-11", "2026-10"]


async def test_leaderboard_by_season_and_the_settings_that_set_it(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    ana, bob = players
    for _ in range(2):
        driver = TableDriver(simcord_env, channel, players)
        await driver.open("escoba new", target=1)
        await driver.seat_and_start()
        await driver.play_to_end()
    month = datetime.now(UTC).strftime("%B %Y")
    board = (await bob.slash(channel, "leaderboard")).response.embeds[0]
    assert board.title == f"Escoba leaderboard · {month} · Rating"
    assert board.description.count("unranked (2 of 5 matches to a rank)") == 2, board.description
    alltime = (await bob.slash(channel, "leaderboard", season="all")).response.embeds[0]
    assert len(re.findall(r"· \*\*\d+\*\* ·", alltime.description)) == 2

    answer = await ana.slash(channel, "settings", seasons="weekly")
    assert "Seasons: weekly" in answer.response.embeds[0].description
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()
    weekly = (await bob.slash(channel, "leaderboard")).response.embeds[0]
    assert re.fullmatch(r"Escoba leaderboard · week \d+, \d{4} · Rating", weekly.title)
    assert weekly.description.count("unranked (1 of 5 matches to a rank)") == 2

    missing = await bob.slash(channel, "leaderboard", season="2019-01")
    assert "There is no season “2019-01” of Escoba on this server" in missing.response.content


async def test_a_season_over_closes_once_with_its_final_standings(clocked):
    service, now = clocked
    storage = service.storage
    for _ in range(RANKED_AFTER):
        await finished_match(service)
    assert await storage.seasons_due(now[0]) == [], "October is not over yet"
    now[0] = datetime(2026, 11, 2, tzinfo=UTC)
    assert await storage.seasons_due(now[0]) == [(1, "2026-10")]
    assert await storage.close_season(1, "2026-10")
    assert not await storage.close_season(1, "2026-10"), "a season closes once"
    assert await storage.seasons_due(now[0]) == []
    standings = await storage.standings(1, "2026-10", "escoba")
    assert [f.place for f in standings] == [1, 2] and standings[0].rating >= standings[1].rating
    assert {f.user_id for f in standings} == {10, 11}
    assert sum(f.won for f in standings) == RANKED_AFTER
    assert await storage.closes_to_post() == [(1, "2026-10")]
    await storage.mark_posted(1, "2026-10")
    assert await storage.closes_to_post() == []
    finishes = await storage.finishes(1, 10)
    assert [(f.game, f.season) for f in finishes] == [("escoba", "2026-10")]


async def test_a_season_that_ended_while_the_bot_was_down_closes_at_its_start(
    simcord_env, bot_settings
):
    now = [datetime(2026, 10, 31, 22, 0, tzinfo=UTC)]
    simcord_env.bot.clock = lambda: now[0]
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    for _ in range(RANKED_AFTER):
        driver = TableDriver(simcord_env, channel, players)
        await driver.open("escoba new", target=1)
        await driver.seat_and_start()
        await driver.play_to_end()
    october = (await bob.slash(channel, "leaderboard")).response.embeds[0]
    assert october.title == "Escoba leaderboard · October 2026 · Rating"
    assert "unranked" not in october.description, "five matches: both ranked"

    now[0] = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
    restarted = create_bot(bot_settings)
    restarted.clock = lambda: now[0]
    await simcord_env.restart_bot(restarted)
    assert await simcord_env.bot.storage.seasons_due(now[0]) == [], "closed at start"
    stats = (await bob.slash(channel, "stats", member=ana)).response.embeds[0]
    assert re.search(
        r"Seasons ranked: 1 · best place \*\*[12]\*\* \(October 2026\)", stats.fields[0].value
    )
    assert "🥇×1" in stats.fields[0].value or "🥈×1" in stats.fields[0].value
    november = (await bob.slash(channel, "leaderboard")).response.embeds[0]
    assert november.title == "Escoba leaderboard · November 2026 · Rating"
    assert november.description == (
        "No rated Escoba match has finished in this season (November 2026) yet (practice "
        "matches, with the coach's hints, count in no season): `season:all` shows all time."
    )
    past = (await bob.slash(channel, "leaderboard", season="previous")).response.embeds[0]
    assert past.title == october.title and past.description == october.description


async def test_the_results_are_posted_once_to_the_chosen_channel_even_after_a_restart(
    simcord_env, bot_settings
):
    now = [datetime(2026, 10, 31, 22, 0, tzinfo=UTC)]
    simcord_env.bot.clock = lambda: now[0]
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    ana = players[0]
    await ana.slash(channel, "settings", season_channel=channel)
    for _ in range(RANKED_AFTER):
        driver = TableDriver(simcord_env, channel, players)
        await driver.open("escoba new", target=1)
        await driver.seat_and_start()
        await driver.play_to_end()

    def season_posts():
        return [
            m
            for m in channel.history()
            if any((e.footer.text or "").endswith("[2026-10]") for e in m.embeds)
        ]

    now[0] = datetime(2026, 11, 1, 0, 5, tzinfo=UTC)
    bot = simcord_env.bot
    await bot.close_seasons()  # the loop's work, now rather than in ten minutes
    posts = season_posts()
    assert len(posts) == 1
    embed = posts[0].embeds[0]
    assert embed.title == "Season over: October 2026 · Escoba"
    first, second = embed.description.splitlines()[:2]
    assert {first.split(" ·")[0], second.split(" ·")[0]} == {"🥇 ana", "🥈 bob"}, "by name"
    assert embed.image.url and "podium_escoba.png" in embed.image.url

    storage = bot.storage
    await storage.db.write(  # as if killed after the post, before it was recorded
        lambda tx: tx.execute("UPDATE season_closes SET posted_at = NULL")
    )
    restarted = create_bot(bot_settings)
    restarted.clock = lambda: now[0]
    await simcord_env.restart_bot(restarted)
    await simcord_env.bot.close_seasons()
    assert len(season_posts()) == 1, "found in the channel, not posted twice"
    assert await simcord_env.bot.storage.closes_to_post() == []
