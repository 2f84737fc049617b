"""/history and its score sheets, in SimCord."""

from __future__ import annotations

import re

from bot.screens.history import score_sheet_embed
from bot.tables import Table
from tests.discord_helpers import TableDriver, make_world


async def test_history_lists_finished_matches_and_opens_their_score_sheets(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", "cai")
    ana, bob, cai = players
    empty = await ana.slash(channel, "history")
    assert empty.response.embeds[0].description.startswith("No match has been played")
    assert not empty.response.message.components

    driver = TableDriver(simcord_env, channel, [ana, bob])
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()
    cancelled = TableDriver(simcord_env, channel, [ana, bob])
    await cancelled.open("scopa new")
    await ana.slash(channel, "cancel")

    listed = await cai.slash(channel, "history")
    lines = listed.response.embeds[0].description.splitlines()
    assert len(lines) == 1
    assert re.fullmatch(
        r"`#1` Escoba · (\*\*)?ana(\*\*)? \d+ – (\*\*)?bob(\*\*)? \d+ · <t:\d+:R>", lines[0]
    )
    assert "**" in lines[0]

    sheet = await cai.select(listed.response.message, ["1"])
    assert sheet.ephemeral
    embed = sheet.response.embeds[0]
    assert embed.title == "Escoba · table #1 · score sheet"
    assert re.search(r"ana: rating 1000 → \d+ \([+-]\d+\)", embed.description)
    assert re.search(r"bob: rating 1000 → \d+ \([+-]\d+\)", embed.description)
    assert embed.fields[0].name == "Hand 1"
    for field in embed.fields:
        lines = field.value.splitlines()
        assert len(lines) == 2 and all(
            re.match(r"(ana|bob): \*\*\d+\*\*.* → \d+", x) for x in lines
        )
    totals = [int(x) for x in re.findall(r"→ (\d+)", embed.fields[-1].value)]
    assert max(totals) >= 1

    storage = simcord_env.bot.storage
    table = Table.from_row(await storage.table_row(1))
    hand = next(
        event
        for move in await storage.move_log(1)
        for event in move["events"]
        if event["kind"] == "hand_scored"
    )
    long_match = [{**hand, "hand": number} for number in range(40)]
    sheet = score_sheet_embed(table, long_match, {}, "en")
    assert sheet.fields[-1].name == "Hand 40", "the deciding hands are the ones shown"
    hidden = 40 - len(sheet.fields)
    assert hidden > 0 and sheet.footer.text == f"The first {hidden} hands are not shown."
    assert len(sheet) <= 6000 and len(sheet.fields) <= 25


async def test_history_in_dms_says_it_lists_the_members_own_matches(simcord_env):
    """In the bot's DMs /history lists the member's quick-play and friends' matches:
    it says so, and speaks of no server (its description neither)."""
    _, _, (ana,) = make_world(simcord_env, "ana")
    shown = (await ana.user.slash("history")).response.embeds[0]
    assert shown.title == "Your matches: quick play and friends' tables"
    assert shown.description == "You have not finished a quick-play or friends' match yet."
    command = simcord_env.bot.tree.get_command("history")
    assert command is not None and "server" not in command.description.lower()
