"""Every card a member reads is the bot's card emoji and its rank or, where the emojis
could not be uploaded, the card's name in the reader's language; never a code."""

from __future__ import annotations

import re

import discord
import pytest

from bot.client import create_bot
from bot.screens.board import MAX_LOG, latest_lines
from bot.screens.cards import CardFaces, CardWords, emoji_name
from bot.screens.hand_panel import panel_message
from bot.screens.rules import rules_embed
from bot.tables.lobby import validate_options
from tests.discord_helpers import (
    CARD_CODE,
    CARD_EMOJI,
    TableDriver,
    board_part,
    buttons,
    current,
    field_value,
    make_world,
    message_text,
    shown_cards,
)

LANGUAGES = [("en-US", "en"), ("es-ES", "es"), ("it", "it")]
NO_FACES = CardFaces()


async def spanish_deck_match(env, locale: str) -> TableDriver:
    """Two members at an Escoba table in a server speaking ``locale``."""
    _, channel, players = make_world(env, "ana", "bea", locale=locale)
    driver = TableDriver(env, channel, players)
    await driver.open("escoba new")
    await players[1].click(driver.lobby, custom_id="esc:lobby:1:join")
    await players[0].click(current(env, driver.lobby), custom_id="esc:lobby:1:start")
    return driver


async def play_until_captured(driver: TableDriver) -> None:
    """Play until the hand's log shows a capture (a line with several cards)."""
    for _ in range(40):
        await driver.play_turn()
        if len(CARD_EMOJI.findall(board_part(driver.board(), "log"))) >= 2:
            return
        if "+" in board_part(driver.board(), "log"):
            return
    raise AssertionError("no capture in 40 turns")


def table_cards(env) -> list[int]:
    return list(env.bot.service.tables[1].state.table)


def assert_no_code(driver: TableDriver) -> None:
    messages = driver.public_messages() + [driver.dm_panel(p) for p in driver.players]
    for message in messages:
        text = message_text(message)
        assert not CARD_CODE.search(text), f"a card code: {text!r}"


@pytest.mark.parametrize(("locale", "lang"), LANGUAGES)
async def test_cards_read_as_their_emoji_and_rank(simcord_env, locale, lang):
    driver = await spanish_deck_match(simcord_env, locale)
    await play_until_captured(driver)
    faces = simcord_env.bot.card_faces
    words = CardWords("spanish", lang, faces)
    table = board_part(driver.board(), "table")
    on_table = table_cards(simcord_env)
    assert shown_cards(table) == on_table, "the board's table, card by card, as emojis"
    for card in on_table:
        assert f"{words.short(card)}" in table
        assert re.search(
            rf"<:{emoji_name(card, 'spanish')}:\d+> {re.escape(words.rank(card))}", table
        )
    log = board_part(driver.board(), "log")
    assert CARD_EMOJI.search(log) and "+" in log, log
    assert_no_code(driver)

    ana = driver.players[0]
    panel = driver.dm_panel(ana)  # the member's own language: en-US in SimCord
    hand = sorted(simcord_env.bot.service.tables[1].state.hands[0])
    assert shown_cards(field_value(panel.embeds[0], "Your hand")) == hand
    english = CardWords("spanish", "en", faces)
    cards = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:card:")]
    assert [b.emoji.name for b in cards] == [emoji_name(card, "spanish") for card in hand]
    assert [b.label.split(" ", 1)[1] for b in cards] == [english.name(card) for card in hand]
    assert hand_field(simcord_env, lang, faces) == "  ".join(words.short(c) for c in hand)


def hand_field(env, lang: str, faces: CardFaces) -> str:
    """The hand as ana's panel shows it to a member reading ``lang``."""
    table = env.bot.service.tables[1]
    embed, _ = panel_message(
        table, 0, lang, guild_name="g", channel_name="c", hint=None, board_url=None, faces=faces
    )
    return embed.fields[0].value


@pytest.mark.parametrize(("locale", "lang"), LANGUAGES)
async def test_without_emojis_cards_read_as_words(simcord_env, bot_settings, locale, lang):
    simcord_env.backend.application_emojis.clear()
    simcord_env.inject_error("POST", "/applications/*/emojis", status=500, times=None)
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert not simcord_env.bot.card_faces.decks, "the upload failed: no deck has emojis"
    driver = await spanish_deck_match(simcord_env, locale)
    await play_until_captured(driver)
    words = CardWords("spanish", lang, NO_FACES)
    table = board_part(driver.board(), "table")
    assert "<:" not in table
    for card in table_cards(simcord_env):
        assert words.name(card) in table
    suits = {
        "en": "of coins|of cups|of swords|of clubs",
        "es": "de oros|de copas|de espadas|de bastos",
        "it": "di denari|di coppe|di spade|di bastoni",
    }
    assert re.search(suits[lang], board_part(driver.board(), "log"))
    assert_no_code(driver)
    panel = driver.dm_panel(driver.players[0])
    hand = sorted(simcord_env.bot.service.tables[1].state.hands[0])
    english = CardWords("spanish", "en", NO_FACES)
    assert field_value(panel.embeds[0], "Your hand") == "  ".join(english.name(c) for c in hand)
    assert hand_field(simcord_env, lang, NO_FACES) == "  ".join(words.name(c) for c in hand)
    cards = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:card:")]
    assert all(isinstance(b.emoji, discord.PartialEmoji) and b.emoji.id is None for b in cards), (
        "a suit's emoji beside the name"
    )


async def test_emojis_are_uploaded_once_and_found_after_a_restart(simcord_env, bot_settings):
    uploads = [
        r for r in simcord_env.http_requests if r.method == "POST" and r.path.endswith("/emojis")
    ]
    assert len(uploads) == len(simcord_env.backend.application_emojis) == 132
    assert simcord_env.bot.card_faces.decks == {
        "spanish",
        "italian",
        "french_faces",
        "french_numeric",
    }
    since = len(simcord_env.http_requests)
    await simcord_env.restart_bot(create_bot(bot_settings))
    again = [r for r in simcord_env.http_requests[since:] if r.path.endswith("/emojis")]
    assert [r.method for r in again] == ["GET"], "found by name, nothing uploaded twice"
    assert len(simcord_env.bot.card_faces.decks) == 4


def test_the_log_keeps_its_newest_lines_whole():
    line = "<:caballo_oros:1234567890123456789> Caballo + " * 10
    lines = [f"• {i} {line}" for i in range(8)]
    kept = latest_lines(lines)
    assert kept == lines[-len(kept) :] and 0 < len(kept) < len(lines)
    assert sum(len(text) + 1 for text in kept) <= MAX_LOG


async def test_rules_show_the_deck_with_each_cards_value(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    escoba = (await ana.slash(channel, "rules", game="escoba")).response.embeds[0].description
    assert re.search(r"<:sota_oros:\d+> Jack = 8 · <:caballo_oros:\d+> Knight = 9", escoba)
    scopa = (await ana.slash(channel, "rules", game="scopa")).response.embeds[0].description
    assert re.search(r"<:asso_denari:\d+> Ace = 1 · <:2_denari:\d+> 2 ·", scopa)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "• Re bello: the king of coins scores 1: yes"),
        ("es", "• Re bello: el rey de oros vale 1: sí"),
        ("it", "• Re bello: il re di denari vale 1: sì"),
    ],
)
def test_rules_list_the_house_rules_a_table_plays(lang, line):
    options = validate_options("scopa", {"re_bello": True, "napola": True})
    text = rules_embed("scopa", options, lang, NO_FACES).description
    assert line in text and text.count("\n• ") == 2
    plain = rules_embed("scopa", validate_options("scopa", {}), lang, NO_FACES).description
    assert "• " not in plain, "no house rules at a table that plays none"
