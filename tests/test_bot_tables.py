"""Closed DMs, restarts, bad clicks, leaderboards and settings, in SimCord."""

from __future__ import annotations

import re

import discord
import pytest
from simcord.actors import _component_interaction

from bot.client import create_bot
from bot.i18n import CATALOGS
from bot.storage import MatchResult
from tests.discord_helpers import (
    TableDriver,
    answer,
    board_part,
    current,
    custom_ids,
    enabled,
    make_world,
)


async def started(env, *names: str, command: str = "escoba new", **options) -> TableDriver:
    _, channel, players = make_world(env, *names)
    driver = TableDriver(env, channel, players)
    await driver.open(command, **options)
    await driver.seat_and_start()
    return driver


def hand_number(driver: TableDriver) -> int:
    return int(re.search(r"(?:Hand|Mano) (\d+)", board_part(driver.board(), "status")).group(1))


async def forge(actor, message, custom_id: str):
    """A click carrying a custom_id that is not on the message (a tampered client)."""
    stored = actor._env.backend.get_message(message.channel.id, message.id)
    data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
    return await _component_interaction(actor, stored, data)


async def test_a_dm_that_fails_for_another_reason_sends_the_player_to_my_hand(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    bob = players[1]
    dm = bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=500, times=1)
    driver = TableDriver(simcord_env, channel, players, dm_closed={bob.id})
    await driver.open("escoba new")
    await driver.seat_and_start()
    assert list(dm.history()) == [], "the first deal's panel did not reach bob"
    while driver.actor() is not bob:
        await driver.play_turn()
    pings = [m for m in driver.thread.history() if bob.mention in m.content]
    assert 'press "My hand"' in pings[-1].content
    await driver.play_turn()


async def test_closed_dms_use_the_ephemeral_panel_to_the_end_of_a_hand(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    bob = players[1]
    dm = bob.user.dm_channel
    simcord_env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    driver = TableDriver(simcord_env, channel, players, dm_closed={bob.id})
    await driver.open("escoba new")
    await driver.seat_and_start()

    while hand_number(driver) == 1:
        await driver.play_turn()
    notices = [m for m in driver.thread.history() if "can't send you direct messages" in m.content]
    assert len(notices) == 1, "the table says so once, not at every deal"
    assert bob.mention in notices[0].content
    assert list(dm.history()) == []
    while driver.actor() is not bob:
        await driver.play_turn()
    ping = list(driver.thread.history())[-1]
    assert ping.content.startswith(bob.mention), "bob's turn is pinged"
    assert 'press "My hand"' in ping.content
    sheet = [
        m for m in driver.thread.history() if m.embeds and "hand 1 results" in m.embeds[0].title
    ]
    assert sheet, "the hand was played to its end"


async def test_restart_mid_hand_keeps_every_button_working(simcord_env, bot_settings):
    driver = await started(simcord_env, "ana", "bob")
    for _ in range(5):
        await driver.play_turn()
    actor = driver.actor()
    old_panel = driver.dm_panel(actor)
    old_board = driver.board()
    version = driver.board_version()

    await simcord_env.restart_bot(create_bot(bot_settings))
    syncs = [r for r in simcord_env.http_requests if r.method == "PUT" and "commands" in r.path]
    assert len(syncs) == 1, "an unchanged command tree is not synced again"
    digest = await simcord_env.bot.tree_hash()
    renamed = {**CATALOGS["es"], "cmd.stats": "estadísticas"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(CATALOGS, "es", renamed)
        assert await simcord_env.bot.tree_hash() != digest, "a new translation is synced"

    assert driver.board_counts() == 40
    hand = await actor.click(old_board, label="My hand")
    assert answer(hand).ephemeral
    card = enabled(old_panel, "esc:card:")[0]
    await actor.user.click(old_panel, custom_id=card)
    assert custom_ids(driver.board(), "esc:move:") == [], "the seeded card has one capture"
    assert driver.board_version() == version + 1, "the old panel's card was played"
    while hand_number(driver) == 1:
        await driver.play_turn()
        assert driver.board_counts() == 40
    assert any(m.embeds and "hand 1 results" in m.embeds[0].title for m in driver.thread.history())


async def test_bad_clicks_are_answered_and_change_nothing(simcord_env, monkeypatch):
    _, channel, players = make_world(simcord_env, "ana", "bob", "eve")
    ana, bob, eve = players
    driver = TableDriver(simcord_env, channel, [ana, bob])
    await driver.open("escoba new")
    early = await ana.click(driver.lobby, label="Start")
    assert answer(early).content == "Waiting for 1 more player."
    await bob.click(driver.lobby, label="Join")
    refused = await bob.click(driver.lobby, label="Start")
    assert answer(refused).content == "Only the host can do that."
    assert answer(refused).ephemeral
    await ana.click(driver.lobby, label="Start")
    board = driver.board()

    stranger = await eve.click(board, label="My hand")
    assert answer(stranger).content == "You are not seated at this table."

    actor = driver.actor()
    other = bob if actor is ana else ana
    first = await actor.click(board, label="My hand")
    second = await actor.click(board, label="My hand")
    assert answer(first) is None, "the older panel was deleted: one panel is live"
    panel = answer(second).message
    card = enabled(panel, "esc:card:")[0]
    with monkeypatch.context() as slow:  # the second click comes before the panel's edit
        slow.setattr(simcord_env.bot.publisher, "poke", lambda *args, **kwargs: None)
        await actor.click(panel, custom_id=card)
    after_one = simcord_env.bot.service.tables[1].version
    double = await actor.click(panel, custom_id=card)
    assert any("out of date" in followup.content for followup in double.followups)
    assert driver.board_version() == after_one
    refreshed = current(simcord_env, panel)
    assert all(f":{after_one}:" in c for c in custom_ids(refreshed, "esc:card:"))

    now = driver.board_version()
    for custom_id in ("totally:made:up", "esc:move:1:999:ffff", "esc:hand:424242", card):
        forged = await forge(other, driver.board(), custom_id)
        assert answer(forged).content == (
            "I don't recognise that button. Use /table to get a fresh board."
        )
        assert answer(forged).ephemeral
    assert driver.board_version() == now
    assert driver.board_counts() == 40


async def test_forged_and_late_choices_change_nothing(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    for _ in range(300):
        actor = driver.actor()
        panel, clicker = await driver.panel(actor)
        await clicker.click(panel, custom_id=enabled(panel, "esc:card:")[0])
        choices = custom_ids(current(simcord_env, panel), "esc:move:")
        if choices:
            break
    else:
        raise AssertionError("no card with several captures in 300 turns")
    other = next(p for p in driver.players if p is not actor)
    version = driver.board_version()
    unknown = "I don't recognise that button. Use /table to get a fresh board."
    refused = await forge(other, driver.board(), choices[0])  # only the panel offers it
    assert answer(refused).content == unknown
    assert driver.board_version() == version
    await clicker.click(current(simcord_env, panel), custom_id=choices[0])
    assert driver.board_version() == version + 1
    late = await forge(actor.user, panel, choices[-1])  # a second pick, after the first
    assert answer(late).content == unknown
    assert driver.board_version() == version + 1


async def test_leaderboard_and_stats_after_matches(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    for _ in range(2):
        driver = TableDriver(simcord_env, channel, players)
        await driver.open("escoba new", target=1)
        await driver.seat_and_start()
        await driver.play_to_end()

    board = await ana.slash(channel, "leaderboard", game="escoba", season="all")
    text = board.response.embeds[0].description
    names = sorted(re.findall(r"^\*\*\d\.\*\* (\w+) ·", text, re.M))
    assert names == ["ana", "bob"] and "<@" not in text, "a list of names, not of pings"
    wins = [int(n) for n in re.findall(r"(\d+) wins? / 2 matches", text)]
    assert sorted(wins) in ([0, 2], [1, 1])
    ratings = [int(n) for n in re.findall(r"· \*\*(\d+)\*\* ·", text)]
    assert len(ratings) == 2 and ratings == sorted(ratings, reverse=True)
    by_wins = await ana.slash(channel, "leaderboard", game="escoba", sort="wins", season="all")
    assert by_wins.response.embeds[0].title == "Escoba leaderboard · all time · Wins"
    stats = await bob.slash(channel, "stats", member=ana)
    embed = stats.response.embeds[0]
    assert embed.description == "Favourite game: **Escoba**"
    value = embed.fields[0].value
    assert value.startswith("Rating **")
    assert "over the last 2 matches" in value and "2 matches, " in value
    assert re.search(r"\d escobas \(\d\.\d\d per hand\)", value)

    storage = simcord_env.bot.storage
    extra = [
        MatchResult(user_id=9000 + i, won=True, points=3, escobas=0, hands=1) for i in range(11)
    ]
    row = await storage.table_row(1)
    await storage.save_table(1, row, revision=row["revision"], changed=(), results=extra)
    page_one = await ana.slash(channel, "leaderboard", season="all")
    assert page_one.response.embeds[0].footer.text == "Page 1 of 2"
    await ana.click(page_one.response.message, label="Next")
    shown = next(m for m in channel.history() if m.id == page_one.response.id)
    assert shown.embeds[0].footer.text == "Page 2 of 2"
    assert shown.embeds[0].description.startswith("**11.**")


async def test_settings_switch_the_table_language(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    ana, bob = players
    assert "settings" not in bob.available_commands(channel)
    saved = await ana.slash(channel, "settings", language="es", timer=60)
    assert saved.ephemeral
    answer = saved.response.embeds[0]
    assert "Idioma: Español" in answer.description, "said in the language just chosen"
    public = await bob.slash(channel, "leaderboard", game="scopa", season="all")
    assert public.response.embeds[0].description == (
        "Aún no hay partidas de Scopa terminadas en este servidor."
    ), "public answers speak the server's language"

    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new")
    assert driver.lobby.embeds[0].title.startswith("Escoba · mesa #")
    await bob.click(driver.lobby, label="Unirme")
    await ana.click(driver.lobby, label="Empezar")
    turn = board_part(driver.board(), "turn")
    assert turn.startswith("### ▶ Turno: <@")
    assert "el tiempo se acaba" in turn
    assert any("te toca" in m.content for m in driver.thread.history())

    await ana.slash(channel, "settings", dm_hands=False, language="auto")
    second = TableDriver(simcord_env, channel, players, dm_closed={ana.id, bob.id})
    await second.open("scopa new")
    await second.seat_and_start()
    assert "Scopa · table #2" in board_part(second.board(), "status")
    ping = list(second.thread.history())[-1]
    assert 'press "My hand" on the board' in ping.content
    await second.play_turn()
    assert len(list(ana.user.dm_channel.history())) == 1, "only the first table's panel"


async def test_a_discord_failure_after_a_move_loses_nothing(simcord_env, caplog):
    driver = await started(simcord_env, "ana", "bob")
    version = driver.board_version()
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=1)
    actor = driver.actor()
    panel, clicker = await driver.panel(actor)
    clicked = await clicker.click(panel, custom_id=enabled(panel, "esc:card:")[0])
    assert clicked.followups == [], "the player is not told of a failure that lost nothing"
    assert custom_ids(driver.board(), "esc:move:") == [], "the seeded card has one capture"
    assert "Discord refused a call" in caplog.text, "the board's edit failed once"
    assert driver.board_version() == version + 1, "showing the move was tried again"
    assert driver.board_counts() == 40
    for _ in range(3):
        await driver.play_turn()
    assert driver.board_version() >= version + 3
