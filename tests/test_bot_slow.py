"""Slow tables in SimCord: a move a day, each turn told in the member's DMs in one
message they play from, reminders, the stand-in's move and the forfeit when the clock
runs out, restarts that keep every clock, and the refusals."""

from __future__ import annotations

import random
import re

import pytest

from bot.client import create_bot
from bot.deadlines.sweep import ACTIVE_SECONDS
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
from tests.test_bot_replay import position, step_button

DAY = PACES["day"]
LATE = 60
"""Seconds after its time a deadline has surely fired (the sweep wakes for each)."""


@pytest.fixture
def bot_settings(bot_settings):
    """The sweep wakes for each deadline; between them it sleeps a day here, so days
    pass in few steps."""
    return bot_settings.model_copy(update={"sweep_seconds": 86400})


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
        await simcord_env.advance_time(3600)  # an hour passes between moves
        await play_from_dm(driver, rng)
        if move % 6 == 5:
            await simcord_env.restart_bot(create_bot(bot_settings))
    assert not driver.is_over()
    pings = [m for m in driver.thread.history() if alex.mention in m.content]
    assert not pings, "a slow turn is told in the DMs, not pinged in the thread"


async def test_the_clock_reminds_once_then_the_stand_in_plays_then_a_forfeit(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    await simcord_env.advance_time(DAY * 0.8 + LATE + 1)
    reminders = [line for line in lines(first) if "is due" in line]
    assert len(reminders) == 1, lines(first)
    await simcord_env.advance_time(DAY * 0.2 + LATE)
    assert any("the bot played this turn for you" in line for line in lines(first))
    assert len([line for line in lines(first) if "is due" in line]) == 1
    second = to_act(driver)
    assert second is not None and second is not first
    await play_from_dm(driver, random.Random(1))
    assert to_act(driver) is first
    await simcord_env.advance_time(DAY + LATE + 1)
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
        await simcord_env.advance_time(ACTIVE_SECONDS + LATE)
        assert len([line for line in lines(first) if "is due" in line]) == 1


async def test_slow_pace_is_refused_in_a_dm(simcord_env):
    _, _, players = make_world(simcord_env, "carla")
    result = await players[0].user.slash("scopa new", pace="day")
    assert "Slow tables are played in servers (/scopa new pace:)" in answer(result).content


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
    assert all("bea to move" in row for row in rows if "your move" not in row), rows
    assert all("due <t:" in row for row in rows)
    hands = custom_ids(listed, "esc:hand:")
    assert len(hands) == 10
    opened = answer(await alex.user.click(listed, custom_id=hands[0])).message
    assert enabled(opened, "esc:card:"), "the first match listed is alex's move: his cards"


async def test_games_says_so_when_there_is_none(simcord_env):
    _, _, players = make_world(simcord_env, "alex")
    listed = answer(await players[0].user.slash("games")).message
    assert "no open match" in listed.embeds[0].description


async def test_a_vacation_pauses_the_clock_and_the_others_are_told(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    other = next(p for p in driver.players if p is not first)
    assert first is not None
    told = answer(await first.user.slash("vacation", days=3))
    assert "stand still until" in told.content and "11 days of vacation left" in told.content
    assert any("is on vacation until" in line for line in lines(other)), lines(other)
    await simcord_env.advance_time(DAY + LATE + 1)
    assert not any("ran out" in line for line in lines(first)), "the clock stood still"
    text = message_text(current(simcord_env, turn_messages(first)[-1]))
    assert "on vacation until" in text or "Your move, by" in text
    for _ in range(6):  # half a day at a time: each step settles on its own
        await simcord_env.advance_time(DAY / 2)
    assert any("the bot played this turn for you" in line for line in lines(first))
    too_long = answer(await first.user.slash("vacation", days=12))
    assert "You have 11 days of vacation left this year, not 12" in too_long.content


async def test_back_from_vacation_early_gives_the_days_back(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    await first.user.slash("vacation", days=5)
    back = answer(await first.user.slash("vacation", days=0))
    assert "Welcome back" in back.content and "14 days of vacation left" in back.content


async def test_the_daily_digest_comes_once_a_day_at_the_chosen_hour(simcord_env):
    driver = await slow_table(simcord_env, pace="3days")
    first = to_act(driver)
    assert first is not None
    hour = (simcord_env.now().hour + 2) % 24
    shown = answer(await first.user.slash("profile", digest=hour))
    assert f"({hour}:00 UTC)" in shown.content
    await simcord_env.advance_time(3 * 3600)
    digests = [line for line in lines(first) if "Your move is waiting in 1 slow match" in line]
    assert len(digests) == 1, lines(first)
    await simcord_env.advance_time(12 * 3600)
    assert len([line for line in lines(first) if "is waiting in" in line]) == 1, "once a day"


async def test_reminders_switched_off_are_not_sent(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    shown = answer(await first.user.slash("profile", reminders=False))
    assert "reminders: off" in shown.content
    await simcord_env.advance_time(DAY * 0.8 + LATE + 1)
    assert not [line for line in lines(first) if "is due" in line]


async def test_an_old_turn_message_refuses_a_move_clearly(simcord_env):
    driver = await slow_table(simcord_env)
    first = to_act(driver)
    assert first is not None
    old = turn_messages(first)[-1]
    await simcord_env.advance_time(DAY + LATE + 1)  # the stand-in played that turn
    assert any("the bot played this turn for you" in line for line in lines(first))
    shown = current(simcord_env, old)
    cards = enabled(shown, "esc:card:")
    assert cards, "nothing edited the old message: its cards still look live"
    refused = answer(await first.user.click(shown, custom_id=cards[0]))
    text = refused.content or message_text(refused.message)
    assert "This panel is out of date. Here is your current hand" in text, text


async def test_a_finished_slow_match_replays_reviews_verifies_and_rematches(simcord_env):
    _, channel, players = make_world(simcord_env, "alex", "bea")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", pace="day", target=1)
    await driver.seat_and_start()
    alex = players[0]
    await simcord_env.advance_time(DAY + LATE)  # the first turn's time runs out once
    rng = random.Random(6)
    for _ in range(200):
        if to_act(driver) is None:
            break
        await play_from_dm(driver, rng)
    assert to_act(driver) is None, "the one-hand match ended"

    viewer = answer(await alex.slash(channel, "replay", match=1)).message
    *_, steps = position(viewer)
    marks = []
    for _ in range(steps):
        marks.append(message_text(viewer))
        await alex.click(viewer, custom_id=step_button(viewer, "next").custom_id)
        viewer = current(simcord_env, viewer)
    assert any("Played by the bot: time ran out." in text for text in marks), "the stand-in mark"
    review = answer(await alex.slash(channel, "review", match=1))
    text = message_text(review.message)
    assert review.ephemeral and re.search(r"\*\*alex\*\* · accuracy \*\*\d+%\*\*", text), text
    checked = answer(await alex.slash(channel, "verify", match=1)).message
    assert "✅" in message_text(checked), message_text(checked)
    final = next(
        m for m in reversed(list(driver.thread.history())) if custom_ids(m, "esc:rematch:")
    )
    again = await alex.click(final, label="Rematch")
    assert "Slow: 1 day a move" in message_text(again.response.message), "the rematch is slow too"
