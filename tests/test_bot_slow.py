"""Slow tables in SimCord: a move a day, each turn told in the member's DMs in one
message they play from, reminders, the stand-in's move and the forfeit when the clock
runs out, restarts that keep every clock, and the refusals."""

from __future__ import annotations

import random

import pytest

from bot.client import create_bot
from bot.deadlines.sweep import ACTIVE_SECONDS, MAX_SLEEP
from bot.tables import PACES
from tests.discord_helpers import (
    TableDriver,
    answer,
    current,
    custom_ids,
    enabled,
    make_world,
    message_text,
)
from tests.test_bot_publisher import DM_CLOSED

DAY = PACES["day"]

pytestmark = pytest.mark.simcord(settle_timeout=30.0)  # days pass, the stand-in's workers start


def dms(player) -> list:
    return list(player.user.dm_channel.history())


def turn_messages(player) -> list:
    """The member's turn messages: their DMs that carry a hand."""
    return [m for m in dms(player) if m.embeds]


def lines(player) -> list[str]:
    """The member's DMs that are plain lines (reminders, the stand-in's)."""
    return [m.content for m in dms(player) if not m.embeds]


def to_act(driver: TableDriver):
    """The member whose latest turn message has enabled cards."""
    for player in driver.players:
        messages = turn_messages(player)
        if messages and enabled(current(driver.env, messages[-1]), "esc:card:"):
            return player
    return None


async def play_from_dm(driver: TableDriver, rng: random.Random) -> None:
    """The member to act plays a card from their turn message, picking a capture if
    the message asks."""
    player = to_act(driver)
    assert player is not None, "nobody has a turn message to play from"
    message = current(driver.env, turn_messages(player)[-1])
    await player.user.click(message, custom_id=rng.choice(enabled(message, "esc:card:")))
    shown = current(driver.env, message)
    choices = custom_ids(shown, "esc:move:")
    if choices:
        await player.user.click(shown, custom_id=rng.choice(choices))


async def slow_table(env, pace: str = "day") -> TableDriver:
    _, channel, players = make_world(env, "alex", "bea")
    driver = TableDriver(env, channel, players)
    await driver.open("scopa new", pace=pace)
    await driver.seat_and_start()
    return driver


async def test_a_slow_match_is_played_from_the_turn_messages_alone(simcord_env, bot_settings):
    driver = await slow_table(simcord_env)
    alex, bea = driver.players
    for player in (alex, bea):
        assert any("slow table" in line for line in lines(player)), lines(player)
    rng = random.Random(3)
    turns = {alex.id: 0, bea.id: 0}
    for move in range(12):
        player = to_act(driver)
        assert player is not None
        turns[player.id] += 1
        assert len(turn_messages(player)) == turns[player.id], "one new message a turn"
        text = message_text(turn_messages(player)[-1])
        assert "Your move, by" in text, text
        await simcord_env.advance_time(3600 * 5)  # hours pass between moves
        await play_from_dm(driver, rng)
        if move % 4 == 3:
            await simcord_env.restart_bot(create_bot(bot_settings))
    assert not driver.is_over()
    pings = [m for m in driver.thread.history() if alex.mention in m.content]
    assert not pings, "a slow turn is told in the DMs, not pinged in the thread"


async def test_the_clock_reminds_once_then_the_stand_in_plays_then_a_forfeit(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    await simcord_env.advance_time(DAY * 0.8 + MAX_SLEEP + 1)
    reminders = [line for line in lines(first) if "is due" in line]
    assert len(reminders) == 1, lines(first)
    await simcord_env.advance_time(DAY * 0.2 + MAX_SLEEP)
    assert any("the bot played this turn for you" in line for line in lines(first))
    assert len([line for line in lines(first) if "is due" in line]) == 1
    second = to_act(driver)
    assert second is not None and second is not first
    await play_from_dm(driver, random.Random(1))
    assert to_act(driver) is first
    await simcord_env.advance_time(DAY + MAX_SLEEP + 1)
    assert any("twice in a row" in line for line in lines(first)), lines(first)
    last = message_text(current(simcord_env, turn_messages(second)[-1]))
    assert "wins by forfeit, rated as a loss" in last, last


async def test_no_reminder_while_the_member_is_playing(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    message = turn_messages(first)[-1]
    await simcord_env.advance_time(DAY * 0.8 - 60)
    await first.user.click(message, custom_id=custom_ids(message, "esc:card:")[0])
    panel = current(simcord_env, message)
    back = custom_ids(panel, "esc:back:")
    if back:  # the card takes in several ways: the member thinks, then goes back
        await first.user.click(panel, custom_id=back[0])
    await simcord_env.advance_time(120)
    if to_act(driver) is first:
        assert not [line for line in lines(first) if "is due" in line]
        await simcord_env.advance_time(ACTIVE_SECONDS + MAX_SLEEP)
        assert len([line for line in lines(first) if "is due" in line]) == 1


async def test_slow_pace_is_refused_in_a_dm(simcord_env):
    _, _, players = make_world(simcord_env, "carla")
    result = await players[0].user.slash("scopa new", pace="day")
    assert "Slow tables are played in servers" in answer(result).content


async def test_closed_dms_are_refused_before_sitting_at_a_slow_table(simcord_env):
    _, channel, players = make_world(simcord_env, "alex", "bea")
    bea = players[1]
    dm = bea.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", **DM_CLOSED, times=None)
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", pace="day")
    refused = await bea.click(driver.lobby, label="Join")
    assert "closed to the bot" in answer(refused).content
    lobby = message_text(current(simcord_env, driver.lobby))
    assert "bea" not in lobby.lower().split("alex")[-1], "she was not seated"


async def test_games_lists_ten_open_matches_most_urgent_first(simcord_env):
    _, channel, players = make_world(simcord_env, "alex", "bea")
    alex = players[0]
    for _ in range(10):
        driver = TableDriver(simcord_env, channel, players)
        await driver.open("scopa new", pace="day")
        await driver.seat_and_start()
    listed = answer(await alex.user.slash("games")).message
    text = listed.embeds[0].description
    rows = text.splitlines()
    assert len(rows) == 10 and "Your matches (10)" in listed.embeds[0].title
    mine = [i for i, row in enumerate(rows) if "your move" in row]
    assert mine and mine == list(range(len(mine))), "the member's own moves come first"
    assert all("due <t:" in row for row in rows)
    hands = custom_ids(listed, "esc:hand:")
    assert len(hands) == 10
    opened = answer(await alex.user.click(listed, custom_id=hands[0])).message
    assert enabled(opened, "esc:card:"), "the first match listed is alex's move: his cards"


async def test_games_says_so_when_there_is_none(simcord_env):
    _, _, players = make_world(simcord_env, "alex")
    listed = answer(await players[0].user.slash("games")).message
    assert "no open match" in listed.embeds[0].description
