"""Provably fair deals through Discord: the board shows the commitment from the first
card, the seed is nowhere while the match is played (no message, request, custom id or
log line), the score sheet reveals it and ``/verify`` rebuilds every deal from it."""

from __future__ import annotations

import json
import logging

import pytest

from bot.__main__ import configure_logging
from bot.client import create_bot
from bot.games.fairness import commitment

from .discord_helpers import TableDriver, answer, board_part, make_world, message_text


@pytest.fixture
def bot_settings(bot_settings):
    """Secret seeds, as in production (the suite's other tests deal from a fixed one)."""
    return bot_settings.model_copy(update={"deal_seed": None})


def sent_to_discord(env, since: int = 0) -> str:
    """Every request the bot made to Discord since ``since``, as text."""
    return "\n".join(f"{r.path} {json.dumps(r.json)} {r.params}" for r in env.http_requests[since:])


async def test_the_seed_is_committed_secret_while_played_and_revealed_at_the_end(
    simcord_env, caplog
):
    caplog.set_level(logging.DEBUG)
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("scopa new", target=11)
    await driver.seat_and_start()
    seed = str(simcord_env.bot.service.get(1).match.seed)
    committed = commitment(seed)
    assert len(seed) == 64, "256 bits from the operating system"
    status = board_part(driver.board(), "status")
    assert f"🔒 Deal sealed: {committed[:16]}…" in status, "sealed from the first card"

    refused = answer(await players[1].slash(channel, "verify", match=1))
    assert "still being played" in refused.content and committed in refused.content
    assert seed not in refused.content

    def nothing_tells_the_seed(d: TableDriver) -> None:
        if not simcord_env.bot.service.get(1).is_live:
            return  # the score sheet reveals it
        assert seed not in sent_to_discord(simcord_env)
        assert seed not in "\n".join(message_text(m) for m in d.public_messages())

    await driver.play_to_end(after_turn=nothing_tells_the_seed)
    logged = [r.getMessage() for r in caplog.records]  # the database driver's included
    assert seed not in "\n".join(logged), "never in a log line"

    final = next(m for m in reversed(list(driver.thread.history())) if m.embeds)
    assert f"Seed: `{seed}`" in message_text(final)
    checked = answer(await players[1].slash(channel, "verify", match=1)).embeds[0]
    assert checked.title == "✅ Match #1: every deal checks out"
    assert committed in checked.description and seed in checked.description
    assert "The seed's SHA-256 is the commitment." in checked.description


def test_the_bots_debug_log_leaves_the_database_drivers_lines_out():
    root, driver = logging.getLogger(), logging.getLogger("aiosqlite")
    handlers, levels = list(root.handlers), (root.level, driver.level)
    try:
        configure_logging(logging.DEBUG)
        assert driver.getEffectiveLevel() == logging.INFO
        assert logging.getLogger("bot").getEffectiveLevel() == logging.DEBUG
    finally:
        root.handlers[:] = handlers
        root.setLevel(levels[0])
        driver.setLevel(levels[1])


async def finished_match(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()
    return channel, players


async def test_verify_refuses_other_servers_and_unknown_matches(simcord_env):
    channel, players = await finished_match(simcord_env)
    _, elsewhere, strangers = make_world(simcord_env, "eve")
    other = answer(await strangers[0].slash(elsewhere, "verify", match=1))
    assert other.content == "There is no match #1 here that you can look at."
    missing = answer(await players[0].slash(channel, "verify", match=99))
    assert missing.content == "There is no match #99 here that you can look at."
    await players[0].slash(channel, "escoba new")
    lobby = answer(await players[0].slash(channel, "verify", match=2))
    assert lobby.content.startswith("Match #2 never started: no card was dealt")


async def test_a_restart_keeps_the_seed_and_a_changed_one_fails_verification(
    simcord_env, bot_settings
):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    for _ in range(3):
        await driver.play_turn()
    seed = simcord_env.bot.service.get(1).match.seed
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert simcord_env.bot.service.get(1).match.seed == seed
    await driver.play_to_end()
    assert (
        "every deal checks out"
        in answer(await players[0].slash(channel, "verify", match=1)).embeds[0].title
    )

    storage = simcord_env.bot.storage
    row = await storage.table_row(1)
    state = dict(row["state"], seed="f" * 64)
    await storage.db.write(
        lambda tx: tx.execute("UPDATE game_tables SET state = ? WHERE id = 1", (json.dumps(state),))
    )
    tampered = answer(await players[0].slash(channel, "verify", match=1)).embeds[0]
    assert tampered.title == "❌ Match #1 does not check out"
    assert "is not the commitment shown during the match" in tampered.description


async def test_a_log_cut_short_with_its_position_saved_as_final_does_not_check_out(simcord_env):
    from bot.games import make_game, parse_move
    from bot.verify import check_all

    channel, players = await finished_match(simcord_env)
    storage = simcord_env.bot.storage
    table = simcord_env.bot.service.get(1)
    log = await storage.move_log(1)
    state = make_game(table.game, table.options).new_match(table.match.seed)
    for move in log[:-3]:
        state, _ = state.apply(parse_move(move["move"]))

    async def cut(tx) -> None:
        await tx.execute("DELETE FROM moves WHERE table_id = 1 AND version > ?", (len(log) - 2,))
        await tx.execute(
            "UPDATE game_tables SET state = ? WHERE id = 1", (json.dumps(state.to_dict()),)
        )

    await storage.db.write(cut)
    checked = answer(await players[0].slash(channel, "verify", match=1)).embeds[0]
    assert checked.title == "❌ Match #1 does not check out"
    assert "not as many as the match counted: it was cut short" in checked.description
    report = await check_all(storage, [1])
    assert report["mismatches"] == 1 and report["failed"][0]["problem"] == "short"


async def test_a_blanked_commitment_is_never_a_check_mark(simcord_env):
    from bot.verify import check_all

    channel, players = await finished_match(simcord_env)
    storage = simcord_env.bot.storage
    row = await storage.table_row(1)
    ui = dict(row["ui"], log=dict(row["ui"]["log"], commitment=""))
    await storage.db.write(
        lambda tx: tx.execute("UPDATE game_tables SET ui = ? WHERE id = 1", (json.dumps(ui),))
    )
    checked = answer(await players[0].slash(channel, "verify", match=1)).embeds[0]
    assert not checked.title.startswith("✅")
    assert checked.title == "⚠️ Match #1: cards check out, but no commitment"
    assert "nothing proves its seed was fixed before the first card" in checked.description
    report = await check_all(storage, [1])
    assert (report["mismatches"], report["uncommitted"]) == (0, 1), "counted apart"
