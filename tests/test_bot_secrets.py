"""Secrets stay out of every log, whatever the logging configuration: a live match's
seed, the daily deal's deployment secret and the day's seed are in no record even
when everything logs at DEBUG (a plain ``logging.basicConfig(level=DEBUG)`` in any
entry point), the database driver's statement lines included."""

from __future__ import annotations

import logging

import pytest

from tests.discord_helpers import TableDriver, answer, buttons, current, make_world


@pytest.fixture
def bot_settings(bot_settings, database_url):
    """Secret seeds, as in production, on each database in turn."""
    return bot_settings.model_copy(update={"deal_seed": None, "database_url": database_url})


async def play_daily_cards(env, member, channel, count: int) -> None:
    """``count`` moves of the member's daily hand (the first card, its first capture)."""
    hand = answer(await member.slash(channel, "daily play")).message
    for _ in range(count):
        cards = [b for b in buttons(hand) if ":c:" in (b.custom_id or "")]
        await member.click(hand, custom_id=cards[0].custom_id)
        hand = current(env, hand)
        captures = [b for b in buttons(hand) if ":m:" in (b.custom_id or "")]
        if captures:
            await member.click(hand, custom_id=captures[0].custom_id)
            hand = current(env, hand)


async def test_no_seed_and_no_daily_secret_in_any_debug_record(simcord_env, caplog):
    caplog.set_level(logging.DEBUG)
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", target=11)
    await driver.seat_and_start()
    for _ in range(4):
        await driver.play_turn()
    await play_daily_cards(simcord_env, players[0], channel, 2)

    bot = simcord_env.bot
    daily = bot.croupier.daily
    secrets = {
        "the match's seed": str(bot.service.get(1).match.seed),
        "the daily secret": await daily.secret(),
        "the day's seed": await daily.seed(daily.today(), "escoba"),
    }
    logged = "\n".join(record.getMessage() for record in caplog.records)
    if bot.storage.dialect == "sqlite":
        assert any(r.name == "aiosqlite" for r in caplog.records), "the driver's lines too"
    for name, secret in secrets.items():
        assert secret not in logged, f"{name} is in a log record"
