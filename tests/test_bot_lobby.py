"""Lobbies and results as a newcomer meets them: rematch, rating changes, the lobby's
lines and controls (issue 13)."""

from __future__ import annotations

import re

from tests.discord_helpers import TableDriver, answer, custom_ids, field_value, make_world

BOT_SELECT = "esc:bot:1"
ALL_CARDS = (1 << 40) - 1


def latest(channel, message):
    """The current state of ``message``."""
    return next(m for m in channel.history() if m.id == message.id)


def final_message(driver: TableDriver):
    return [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]


async def test_rematch_seats_the_presser_and_the_bots_and_pings_the_others(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", players=3, target=1)
    await ana.select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
    await driver.seat_and_start()
    await driver.play_to_end()

    again = await bob.click(final_message(driver), label="Rematch")
    lobby = again.response.message
    assert lobby.embeds[0].title == "Escoba · table #2"
    seats = field_value(lobby.embeds[0], "Seats")
    assert seats.splitlines() == [
        f"1. {bob.mention} (host)",
        "2. 🤖 Hard bot",
        "3. free seat",
    ], "the presser hosts, the bot sits again at its level"
    assert lobby.content == f"Rematch of table #1: {ana.mention}, press Join to play again."
    assert ana.id in {user.id for user in lobby.mentions}, "ana is pinged"

    await ana.click(lobby, label="Join")
    started = await bob.click(latest(driver.thread, lobby), label="Start")
    assert answer(started).embeds[0].footer.text.startswith("The match has started")


async def test_a_rematch_against_bots_alone_is_ready_to_start(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("scopa new", target=11)
    await ana.select(driver.lobby, ["greedy"], custom_id=BOT_SELECT)
    await ana.click(latest(channel, driver.lobby), label="Start")
    await driver.play_to_end()

    again = await ana.click(final_message(driver), label="Rematch")
    lobby = again.response.message
    assert lobby.content == "", "nobody else to invite"
    assert field_value(lobby.embeds[0], "Seats").endswith("2. 🤖 Normal bot")
    await ana.click(lobby, label="Start")
    assert "Normal bot" in field_value(driver.board().embeds[0], "Players")


async def test_the_match_result_shows_each_members_rating_change(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana = players[0]
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()

    result = final_message(driver).embeds[0]
    lines = field_value(result, "Ratings").splitlines()
    changes = {}
    for line in lines:
        match = re.fullmatch(r"(\w+): rating 1000 → (\d+) \(([+-]\d+)\)", line)
        assert match, line
        name, after, change = match.group(1), int(match.group(2)), int(match.group(3))
        assert after - 1000 == change
        changes[name] = change
    assert set(changes) == {"ana", "bob"}
    winner = "ana" if "ana wins" in result.title else "bob"
    loser = "bob" if winner == "ana" else "ana"
    assert changes[winner] > 0 > changes[loser]

    board = await ana.slash(channel, "leaderboard", game="escoba")
    text = board.response.embeds[0].description
    for name in ("ana", "bob"):
        assert f"**{1000 + changes[name]}**" in text, "the leaderboard agrees"
