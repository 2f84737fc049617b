"""Whole matches in SimCord, played only through the buttons players see."""

from __future__ import annotations

import logging
import re

import simcord

from bot.client import create_bot
from tests.discord_helpers import (
    CARD_CODE,
    LeakChecker,
    TableDriver,
    board_part,
    custom_ids,
    is_score_sheet,
    make_world,
)


async def test_two_player_escoba_to_21_through_buttons(simcord_env, caplog):
    caplog.set_level(logging.INFO)
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=21)
    await driver.seat_and_start()
    assert driver.thread is not channel, "the table plays in its own thread"
    assert driver.board_counts() == 40

    turns = await driver.play_to_end(after_turn=LeakChecker())

    assert turns > 30
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    embed = final.embeds[0]
    assert "wins the match" in embed.title
    totals = [int(n) for n in re.findall(r"\*\*(\d+)\*\*", embed.description)]
    assert max(totals) >= 21
    results = [m for m in driver.thread.history() if m.embeds and "results" in m.embeds[0].title]
    assert len(results) >= 2, "every hand posts its score sheet"
    assert "Cards" in results[0].embeds[0].fields[0].value
    last = driver.board()
    assert re.fullmatch(r"### The match is over: \w+ won\.", board_part(last, "turn"))
    footers = [m.embeds[0].footer.text for m in channel.history() if m.embeds]
    assert any(re.fullmatch(r"The match is over: \w+ won\.", f or "") for f in footers), footers
    assert "dealt" not in board_part(last, "log"), "the board tells the match's last move"
    assert not custom_ids(last, "esc:"), "a finished board has no buttons"
    assert not [m for m in driver.thread.history() if "your turn" in m.content]
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("bot"))
    assert not CARD_CODE.search(logged), "no card in the bot's log lines"


async def test_an_initial_sweep_in_the_first_deal_is_told_and_counted(bot_settings):
    async with simcord.run(create_bot(bot_settings.model_copy(update={"deal_seed": 2}))) as env:
        _, channel, players = make_world(env, "ana", "bob")
        driver = TableDriver(env, channel, players)
        await driver.open("escoba new", target=1)
        await driver.seat_and_start()
        board = driver.board()
        assert "takes the first table" in board_part(board, "log")
        assert board_part(board, "table") == "**On the table:** (empty)"
        dealer = next(p for p in players if f"dealer {p.name}" in board_part(board, "status"))
        await driver.play_to_end()

        sheet = next(m for m in driver.thread.history() if m.embeds and is_score_sheet(m))
        field = next(f for f in sheet.embeds[0].fields if f.name == dealer.name)
        sweeps = int(re.search(r"Escobas: \*\*(\d+)\*\*", field.value).group(1))
        assert sweeps >= 2
        stats = (await players[0].slash(channel, "stats", member=dealer)).response.embeds[0]
        assert f"{sweeps} escobas (" in stats.fields[0].value


async def test_four_player_team_escoba(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", "carla", "dani")
    ana, bob, carla, dani = players
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", players=4, target=11)
    for player in (bob, carla, dani):
        await player.click(driver.lobby, label="Join")
    await ana.click(driver.lobby, label="Team A")
    await carla.click(driver.lobby, label="Team A")
    await bob.click(driver.lobby, label="Team B")
    full = await dani.click(driver.lobby, label="Team A")
    assert "That team is full." in full.followups[0].content
    await ana.click(driver.lobby, label="Start")

    score = board_part(driver.board(), "status").splitlines()[0]
    assert "ana & carla" in score and "bob & dani" in score
    await driver.play_to_end(after_turn=LeakChecker())
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    assert " win the match!" in final.embeds[0].title
    assert "&" in final.embeds[0].title


async def test_scopa_match(simcord_env):
    _, channel, players = make_world(simcord_env, "gino", "lia")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", target=11)
    await driver.seat_and_start()
    assert "Scopa · table #1" in board_part(driver.board(), "status")
    await driver.play_to_end(after_turn=LeakChecker())
    sheets = [m for m in driver.thread.history() if m.embeds and "results" in m.embeds[0].title]
    assert any("Primiera" in f.value for m in sheets for f in m.embeds[0].fields)
    assert any("Scope: **" in f.value for m in sheets for f in m.embeds[0].fields)
    assert not any("Sevens" in f.value for m in sheets for f in m.embeds[0].fields)
    stats = (await players[1].slash(channel, "stats", member=players[0])).response.embeds[0]
    assert re.search(r"\d scop[ae] \(\d\.\d\d per hand\)", stats.fields[0].value)
    assert "escoba" not in stats.fields[0].value


async def test_rubamazzo_game_with_a_steal(simcord_env):
    _, channel, players = make_world(simcord_env, "gino", "lia")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("rubamazzo new")
    await driver.seat_and_start()
    stories: list[str] = []
    leaks = LeakChecker()

    def record(d: TableDriver) -> None:
        stories.append(board_part(d.board(), "log"))
        leaks(d)

    await driver.play_to_end(after_turn=record)
    assert any("steals" in story and "pile" in story for story in stories)
    final = [m for m in driver.thread.history() if custom_ids(m, "esc:rematch:")][-1]
    assert "Most cards wins." in final.embeds[0].description
    sheet = next(m for m in driver.thread.history() if is_score_sheet(m)).embeds[0]
    counts = [re.fullmatch(r"Cards: \*\*(\d+)\*\*", field.value) for field in sheet.fields]
    assert all(counts), "the cards are the hand's points and its result: said once"
    assert sum(int(count[1]) for count in counts) == 40
    stats = (await players[1].slash(channel, "stats", member=players[0])).response.embeds[0]
    assert re.search(r"^\d+\.\d cards per match on average$", stats.fields[0].value, re.M)
    assert "escoba" not in stats.fields[0].value and "point" not in stats.fields[0].value
    board = await players[0].slash(channel, "leaderboard", game="rubamazzo", season="all")
    lines = board.response.embeds[0].description.splitlines()
    assert len(lines) == 2 and all(line.endswith("%)") for line in lines)


async def test_fournier_claim_of_a_missed_fifteen(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", capture="fournier_claim")
    await driver.seat_and_start()
    for _ in range(200):
        board = driver.board()
        claims = custom_ids(board, "esc:move:")
        if claims:
            assert "**Missed 15:**" in board_part(board, "table")
            await driver.play_turn(claim=True)
            assert "claims the missed 15" in board_part(driver.board(), "log")
            return
        await driver.play_turn()
    raise AssertionError("no missed 15 in 200 turns")
