"""Bot seats in SimCord: a member against the hard bot, timeouts and takeovers."""

from __future__ import annotations

import contextlib
import os
import re
import signal

import simcord

from bot.ai.levels import LADDER
from bot.client import create_bot
from tests.discord_helpers import (
    BOT_SELECT,
    TableDriver,
    against_bot,
    answer,
    board_part,
    custom_ids,
    enabled,
    field_value,
    make_world,
    select_options,
)
from tests.test_bot_tables import hand_number


def latest(channel, message):
    """The current state of ``message``."""
    return next(m for m in channel.history() if m.id == message.id)


def thread_text(driver: TableDriver) -> str:
    return "\n".join(m.content for m in driver.thread.history())


async def test_a_member_plays_a_whole_match_against_the_hard_bot(simcord_env):
    _, channel, players = make_world(simcord_env, "ana")
    (ana,) = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=7)
    await ana.select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
    lobby = latest(channel, driver.lobby)
    assert "🤖 Hard bot" in field_value(lobby.embeds[0], "Seats")
    await ana.click(lobby, label="Start")
    assert "🤖 Hard bot" in board_part(driver.board(), "status")

    turns = await driver.play_to_end()

    assert turns > 10
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    assert "wins the match" in final.embeds[0].title
    assert "<@-" not in thread_text(driver), "a bot is never mentioned as a member"
    board = await ana.slash(channel, "leaderboard", game="escoba")
    lines = board.response.embeds[0].description
    assert lines.startswith("ana · ") and "Hard bot" not in lines and "<@" not in lines
    stats = await ana.slash(channel, "stats")
    assert "1 of them with bots" in stats.response.embeds[0].fields[0].value


async def test_the_lobby_offers_every_level_and_a_new_level_plays_a_whole_match(simcord_env):
    _, channel, players = make_world(simcord_env, "ana")
    (ana,) = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", target=11)
    offered = select_options(driver.lobby, BOT_SELECT)
    levels = [(option.value, option.description) for option in offered[:-1]]
    assert levels == [
        (
            level.name,
            f"Level {level.number}" + (" · suits the host now" if level.number == 3 else ""),
        )
        for level in LADDER
    ], "a newcomer host: the middle level suits them"
    assert str(offered[3].emoji) == "🦉" and offered[-1].value == "remove"
    await ana.select(driver.lobby, ["sharp"], custom_id=BOT_SELECT)
    lobby = latest(channel, driver.lobby)
    assert "🤖 Sharp bot" in field_value(lobby.embeds[0], "Seats")
    await ana.click(lobby, label="Start")

    assert await driver.play_to_end() > 10
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    assert "wins the match" in final.embeds[0].title
    unrated = field_value(final.embeds[0], "Ratings")
    assert unrated == "A match against a bot level: no rating moves.\nNext: Level 4", (
        "one match is not yet two in a row: the same level next"
    )
    history = (await ana.slash(channel, "history")).response.embeds[0].description
    assert "Sharp bot" in history and "· 🦉 Level 4 ·" in history


async def test_a_match_against_the_bot_finishes_when_its_ai_workers_are_killed(
    simcord_env, simcord_bot
):
    """kill -9 (or the OOM killer) on an AI worker in the middle of the match: the
    pool replaces it and the bot goes on answering."""
    _, channel, players = make_world(simcord_env, "ana")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=7)
    await players[0].select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
    await players[0].click(latest(channel, driver.lobby), label="Start")
    turns: list[int] = []
    killed: list[int] = []

    def kill_workers_now_and_then(_driver: TableDriver) -> None:
        turns.append(len(turns) + 1)
        if turns[-1] in (3, 9):
            pid = next(iter(simcord_bot.bots.executor._processes))
            with contextlib.suppress(ProcessLookupError):  # gone with a broken pool
                os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    await driver.play_to_end(after_turn=kill_workers_now_and_then)

    assert len(killed) == 2, "workers were killed in the middle of the match"
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    assert "wins the match" in final.embeds[0].title


async def test_the_lobby_seats_and_removes_bots_for_the_host_only(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", players=4)
    refused = await bob.select(driver.lobby, ["greedy"], custom_id=BOT_SELECT)
    assert answer(refused).content == "Only the host can do that."
    for level in ("greedy", "greedy", "random"):
        await ana.select(driver.lobby, [level], custom_id=BOT_SELECT)
    seats = field_value(latest(channel, driver.lobby).embeds[0], "Seats")
    assert "🤖 Normal bot" in seats and "🤖 Normal bot 2" in seats and "🤖 Easy bot" in seats
    full = latest(channel, driver.lobby)
    assert "esc:lobby:1:join" not in enabled(full, "esc:lobby:"), "no Join on a full table"
    await ana.select(driver.lobby, ["remove"], custom_id=BOT_SELECT)
    assert "Easy bot" not in field_value(latest(channel, driver.lobby).embeds[0], "Seats")
    await bob.click(driver.lobby, label="Join")
    await ana.click(driver.lobby, label="Leave")
    lobby = latest(channel, driver.lobby)
    assert "bob (host)" in field_value(lobby.embeds[0], "Seats"), "a member hosts"
    await bob.click(lobby, label="Leave")
    closed = latest(channel, driver.lobby).embeds[0].footer.text
    assert closed == "Everyone left: the table is closed."


async def test_timeouts_let_the_bot_play_then_take_the_seat_over(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    ana, bob = players
    await ana.slash(channel, "settings", takeover=2)
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", timer=30)
    await driver.seat_and_start()

    absent = driver.actor()
    version = driver.board_version()
    await simcord_env.advance_time(31)
    board = driver.board()
    assert driver.board_version() > version, "the bot played for the absent member"
    assert f"{absent.name} ran out of time: the bot played for them." in board_part(board, "log")
    assert "away" not in board_part(board, "status")

    while driver.actor() is not absent:
        await driver.play_turn()
    await simcord_env.advance_time(31)
    notice = thread_text(driver)
    assert f"{absent.mention} let the timer run out several turns in a row" in notice
    board = driver.board()
    assert "🤖 away" in board_part(board, "status")
    assert custom_ids(board, "esc:seat:") == ["esc:seat:1:back", "esc:seat:1:end"]

    present = bob if absent is ana else ana
    for _ in range(4):
        await driver.play_turn()
        assert driver.actor() is present, "the away seat is played at once, without a timer"
    refused = await present.click(driver.board(), label="I'm back")
    assert answer(refused).content == "The bot is not playing your seat."
    await absent.click(driver.board(), label="I'm back")
    assert f"{absent.mention} is back and plays their own seat again." in thread_text(driver)
    assert custom_ids(driver.board(), "esc:seat:") == []
    assert "away" not in board_part(driver.board(), "status")


async def test_the_timer_runs_on_the_first_turn_of_every_hand(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", timer=30)
    await driver.seat_and_start()
    while hand_number(driver) == 1:
        await driver.play_turn()
    starter, version = driver.actor(), driver.board_version()
    assert "time runs out" in board_part(driver.board(), "turn")
    await simcord_env.advance_time(31)
    board = driver.board()
    assert driver.board_version() > version, "with two players the last to play starts anew"
    assert f"{starter.name} ran out of time: the bot played for them." in board_part(board, "log")


async def test_a_bot_turn_shows_no_countdown(bot_settings):
    settings = bot_settings.model_copy(update={"bot_pause": 5.0})
    async with simcord.run(create_bot(settings)) as env:
        _, channel, (ana,) = make_world(env, "ana")
        driver = TableDriver(env, channel, [ana])
        await driver.open("escoba new", timer=60)
        await ana.select(driver.lobby, ["greedy"], custom_id=BOT_SELECT)
        await ana.click(driver.lobby, label="Start")
        if driver.actor() is ana:
            await driver.play_turn()
        turn = board_part(driver.board(), "turn")
        assert "🤖 Normal bot" in turn and "time runs out" not in turn


async def test_the_host_can_end_a_match_the_bot_has_taken_over(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", timer=20)
    await driver.seat_and_start()
    while not custom_ids(driver.board(), "esc:seat:"):
        if driver.actor() is ana:
            await driver.play_turn()
        else:
            await simcord_env.advance_time(21)
    timeouts = len(re.findall(r"ran out of time", board_part(driver.board(), "log")))
    assert timeouts <= 1, "the board names only the last automatic move"
    refused = await bob.click(driver.board(), label="End match")
    assert "Only the host" in answer(refused).content, "refused before any question"
    asked = await ana.click(driver.board(), label="End match")
    assert "End match #1 for everyone?" in answer(asked).content
    assert driver.board_version() > 0 and custom_ids(driver.board(), "esc:seat:"), "not yet"
    await ana.click(answer(asked).message, label="Yes, end the match")
    assert custom_ids(driver.board(), "esc:") == []
    assert "This table was cancelled." in thread_text(driver)
    lobby = latest(channel, driver.lobby)
    assert lobby.embeds[0].footer.text == "This table was cancelled.", "End match is /cancel"


async def test_a_bot_turn_survives_a_restart(bot_settings):
    settings = bot_settings.model_copy(update={"bot_pause": 10.0})
    async with simcord.run(create_bot(settings)) as env:
        driver = await against_bot(env, "scopa new", "greedy")
        (ana,) = driver.players
        if driver.actor() is ana:
            await driver.play_turn()
        version = driver.board_version()
        assert "🤖 Normal bot" in board_part(driver.board(), "turn")

        await env.restart_bot(create_bot(settings))
        assert driver.board_version() == version, "the bot waits for its pause"
        await env.advance_time(11)
        assert driver.board_version() == version + 1 and driver.actor() is ana
