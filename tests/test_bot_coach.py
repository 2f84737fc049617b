"""The coach in SimCord: the lobby's hints switch, the hint in the hand panel, /hint,
and matches with hints marked in /stats."""

from __future__ import annotations

import re

import discord

from tests.discord_helpers import (
    BOT_SELECT,
    CARD_CODE,
    TableDriver,
    answer,
    buttons,
    current,
    custom_ids,
    field_value,
    make_world,
)
from tests.test_bot_tables import started


def hint_field(panel) -> str | None:
    try:
        return field_value(panel.embeds[0], "💡 Hint", "💡 Pista")
    except KeyError:
        return None


async def test_a_learner_plays_a_match_with_hints_against_a_bot(simcord_env):
    _, channel, (ana, bob) = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, [ana])
    await driver.open("escoba new", target=3)
    refused = await bob.click(driver.lobby, label="Hints: off")
    assert answer(refused).content == "Only the host can do that."
    await ana.click(driver.lobby, label="Hints: off")
    lobby = current(simcord_env, driver.lobby)
    assert "Hints on: the hard bot suggests a move" in lobby.embeds[0].description
    assert [b.label for b in lobby.components[0].children][-1] == "Hints: on"
    await ana.select(lobby, ["greedy"], custom_id=BOT_SELECT)
    await ana.click(current(simcord_env, lobby), label="Start")

    if driver.actor() is not ana:
        await driver.play_turn()
    hint = hint_field(driver.dm_panel(ana))
    assert hint is not None and hint.startswith(("Play ", "Lay down ", "Claim ")), hint
    assert re.search(
        r"<:(as|\d|sota|caballo|rey)_(oros|copas|espadas|bastos):\d+> (Ace|\d|Jack|Knight|King)\b",
        hint,
    ), "cards by their emoji and rank: a learner may not read codes yet"
    assert not CARD_CODE.search(hint)
    asked = await ana.slash(driver.thread, "hint")
    assert answer(asked).ephemeral
    assert answer(asked).content == f"💡 {hint}", "/hint says what the panel says"

    await driver.play_turn()
    assert driver.actor() is ana
    assert hint_field(driver.dm_panel(ana)) is not None, "a hint for every turn"
    await driver.play_to_end()
    assert hint_field(driver.dm_panel(ana)) is None, "no hint once the match is over"
    stats = await ana.slash(channel, "stats")
    text = stats.response.embeds[0].fields[0].value
    assert "1 of them with bots" in text and "1 of them with hints" in text
    over = next(m for m in driver.thread.history() if custom_ids(m, "esc:rematch:"))
    assert field_value(over.embeds[0], "Ratings") == (
        "Practice match (the coach's hints were on): ratings do not move."
    )
    ratings = await simcord_env.bot.storage.ratings(channel.guild.id, "escoba", [ana.id])
    assert ratings[ana.id].shown == 1000, "practice moves no rating"


async def test_hint_is_refused_where_hints_are_off_or_out_of_turn(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    actor = driver.actor()
    off = await actor.slash(driver.thread, "hint")
    assert answer(off).content == (
        "Hints are off at this table. The host can turn them on in the lobby."
    )
    assert hint_field(driver.dm_panel(actor)) is None

    _, channel, (cai, dee) = make_world(simcord_env, "cai", "dee")
    coached = TableDriver(simcord_env, channel, [cai, dee])
    await coached.open("scopa new")
    await cai.click(coached.lobby, label="Hints: off")
    await coached.seat_and_start()
    waiting = next(p for p in coached.players if p is not coached.actor())
    early = await waiting.slash(coached.thread, "hint")
    assert answer(early).content == "It is not your turn yet: ask again when it is."
    assert hint_field(coached.dm_panel(waiting)) is None, "only the player to act"
    assert hint_field(coached.dm_panel(coached.actor())) is not None


async def hinted_match(env, *, target: int, level: str) -> TableDriver:
    """ana, with hints on, against a ``level`` bot, to ``target`` points."""
    _, channel, (ana,) = make_world(env, "ana")
    driver = TableDriver(env, channel, [ana])
    await driver.open("escoba new", target=target)
    await ana.click(driver.lobby, label="Hints: off")
    await ana.select(current(env, driver.lobby), [level], custom_id=BOT_SELECT)
    await ana.click(current(env, driver.lobby), label="Start")
    return driver


async def test_a_rematch_keeps_hints_on(simcord_env):
    driver = await hinted_match(simcord_env, target=1, level="random")
    (ana,) = driver.players
    await driver.play_to_end()
    final = [m for m in driver.thread.history() if m.components][-1]
    again = await ana.click(final, label="Rematch")
    assert "Hints on" in again.response.message.embeds[0].description


async def test_the_hinted_card_and_capture_are_the_blue_buttons(simcord_env):
    driver = await hinted_match(simcord_env, target=15, level="greedy")
    (ana,) = driver.players
    blue = discord.ButtonStyle.primary
    for _ in range(200):
        assert driver.actor() is ana
        panel = driver.dm_panel(ana)
        cards = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:card:")]
        hinted = [b for b in cards if b.style is blue]
        assert len(hinted) == 1, "one card in blue: the coach's"
        await ana.user.click(panel, custom_id=hinted[0].custom_id)
        shown = current(simcord_env, panel)
        options = [b for b in buttons(shown) if (b.custom_id or "").startswith("esc:move:")]
        if options:
            picked = [b for b in options if b.style is blue]
            assert len(picked) == 1 and str(picked[0].emoji) == "💡", [b.label for b in options]
            lines = field_value(shown.embeds[0], "What it can take").splitlines()
            assert [line.endswith(" 💡") for line in lines] == [b is picked[0] for b in options]
            return
    raise AssertionError("no capture choice in 200 turns")
