"""The daily deal through SimCord: /daily play deals the day's hand privately, the
hard bot replies, the hand is saved move by move and resumes after a restart (also
one killed between a member's move and the bot's reply), one try a day, the same
deal and replies for everyone, and /daily board's ranks, streak and yesterday's line."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime

import pytest

from bot.client import create_bot
from bot.daily.deal import daily_games, position
from bot.games.fairness import commitment
from tests.discord_helpers import answer, buttons, current, make_world, texts

DAY = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


def daily_buttons(message, kind: str) -> list:
    return [b for b in buttons(message) if re.match(rf"esc:daily:.*:{kind}:", b.custom_id or "")]


async def click_first(member, message, env):
    """Play the first card (and its first capture when it asks): one move."""
    card = daily_buttons(message, "c")[0]
    await member.click(message, custom_id=card.custom_id)
    message = current(env, message)
    if captures := daily_buttons(message, "m"):
        await member.click(message, custom_id=captures[0].custom_id)
        message = current(env, message)
    return message


async def play_out(member, message, env):
    while daily_buttons(message, "c"):
        message = await click_first(member, message, env)
    return message


def unnamed(message) -> str:
    """A hand's message without its heading, the members' names made alike."""
    return re.sub(r"\b(ana|bob)\b", "member", "\n".join(texts(message)[1:]))


def at_clock(env, when: datetime) -> list[datetime]:
    now = [when]
    env.bot.clock = lambda: now[0]
    return now


async def test_a_daily_hand_is_played_privately_to_its_result_and_one_try_a_day(simcord_env):
    at_clock(simcord_env, DAY)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    result = await ana.slash(channel, "daily play")
    shown = answer(result)
    assert shown.ephemeral, "played privately: no spoilers in the channel"
    hand = shown.message
    heading = texts(hand)[0]
    assert heading.startswith("### 📅 Daily deal · Escoba · 2026-11-26")
    assert "the same deal for everyone" in heading
    assert len(daily_buttons(hand, "c")) == 3, "three cards to play"
    assert not [m for m in channel.history() if m.author.bot], "nothing in the channel"

    finished = await play_out(ana, hand, simcord_env)
    words = "\n".join(texts(finished))
    assert "**Hand over.** You" in words and "(you took " in words
    assert "ana plays" in words, "the member's own last move is told too"
    saved = await simcord_env.bot.storage.daily_hand("2026-11-26", "escoba", ana.id)
    assert saved is not None and saved.finished
    seed = await simcord_env.bot.croupier.daily.seed("2026-11-26", "escoba")
    replayed = position(seed, "2026-11-26", "escoba", saved.moves)
    assert replayed.result is not None and replayed.result.margin == saved.margin
    assert f"margin **{saved.margin:+d}**" in words
    assert "Today: **#1** of 1 on this server · **#1** of 1 worldwide" in words
    assert "🔥 Streak: 1 day in a row" in words
    assert re.search(r"Next deal in 15 h 0 min", words), words

    again = answer(await ana.slash(channel, "daily play")).message
    again_words = "\n".join(texts(again))
    assert "You have played today's Escoba deal: one try a day." in again_words
    assert "ana plays" not in again_words, "the result, not the last moves again"
    assert f"margin **{saved.margin:+d}**" in again_words
    assert not daily_buttons(again, "c"), "no second try"
    assert (await simcord_env.bot.storage.daily_hand("2026-11-26", "escoba", ana.id)) == saved


async def test_everyone_meets_the_same_deal_and_the_same_replies(simcord_env):
    at_clock(simcord_env, DAY)
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    first = answer(await ana.slash(here, "daily play")).message
    other = answer(await bob.slash(there, "daily play")).message
    assert unnamed(first) == unnamed(other), "the same deal, the same first reply"
    await play_out(ana, first, simcord_env)
    finished = await play_out(bob, other, simcord_env)
    storage = simcord_env.bot.storage
    hands = [await storage.daily_hand("2026-11-26", "escoba", m.id) for m in (ana, bob)]
    assert hands[0] and hands[1] and hands[0].moves == hands[1].moves
    assert "Today: **#1** of 1 on this server · **#1** of 2 worldwide" in "\n".join(
        texts(finished)
    ), "equal play ties: both first of two worldwide"


async def test_a_hand_resumes_after_a_restart_and_a_kill_before_the_bots_reply(
    simcord_env, bot_settings
):
    at_clock(simcord_env, DAY)
    _, channel, (ana, bob) = make_world(simcord_env, "ana", "bob")
    hand = answer(await ana.slash(channel, "daily play")).message
    hand = await click_first(ana, hand, simcord_env)
    hand = await click_first(ana, hand, simcord_env)
    before = "\n".join(texts(hand)[1:])
    control = answer(await bob.slash(channel, "daily play")).message
    control = await click_first(bob, control, simcord_env)
    control = await click_first(bob, control, simcord_env)
    control = await click_first(bob, control, simcord_env)

    storage = simcord_env.bot.storage
    saved = await storage.daily_hand("2026-11-26", "escoba", ana.id)
    bobs = await storage.daily_hand("2026-11-26", "escoba", bob.id)
    assert saved is not None and bobs is not None
    member_move = bobs.moves[saved.ply]  # ana's third click, the same as bob's
    killed = dataclasses.replace(saved, moves=(*saved.moves, member_move), ply=saved.ply + 1)
    await storage.save_daily(killed, since=saved.ply)  # killed before the bot replied

    restarted = create_bot(bot_settings)
    restarted.clock = lambda: DAY
    await simcord_env.restart_bot(restarted)
    resumed = answer(await ana.slash(channel, "daily play")).message
    assert unnamed(resumed) == unnamed(control), (
        "the bot replied at the next look, as it replied to the same play"
    )
    after = await simcord_env.bot.storage.daily_hand("2026-11-26", "escoba", ana.id)
    bobs = await simcord_env.bot.storage.daily_hand("2026-11-26", "escoba", bob.id)
    assert after is not None and bobs is not None and after.moves == bobs.moves

    await ana.click(hand, custom_id=daily_buttons(hand, "c")[0].custom_id)
    stale = current(simcord_env, hand)
    assert "That message was out of date" in texts(stale)[1]
    assert "\n".join(texts(stale)[2:]) == "\n".join(texts(resumed)[1:]), "brought up to date"
    assert before != "\n".join(texts(stale)[2:])
    finished = await play_out(ana, stale, simcord_env)
    assert "**Hand over.**" in "\n".join(texts(finished))


async def test_the_board_ranks_today_and_shows_yesterdays_deal_with_the_bots_line(
    simcord_env,
):
    now = at_clock(simcord_env, DAY)
    _, channel, (ana, bob, cai) = make_world(simcord_env, "ana", "bob", "cai")
    for member in (ana, bob):
        await play_out(
            member, answer(await member.slash(channel, "daily play")).message, simcord_env
        )
    board = answer(await cai.slash(channel, "daily board"))
    assert not board.ephemeral
    today, yesterday = board.message.embeds
    assert today.title == "📅 Daily deal · Escoba · 2026-11-26"
    assert re.match(r"🥇 (ana|bob) \*\*[+-]\d+\*\* · \d+ cards · ", today.description)
    assert "Finished on this server today: 2" in today.description
    assert today.fields[0].value.startswith("You have not played today's deal yet")
    assert "Finished worldwide today: 2" in today.fields[1].value
    assert "anonymous player" in today.fields[1].value
    assert yesterday.title == "⏪ Yesterday's deal (2026-11-25)"
    mine = answer(await ana.slash(channel, "daily board")).message.embeds[0]
    assert "ana **(you)**" in mine.description, "her own line, marked"
    assert mine.fields[1].value.count("**(you)**") == 1, "and worldwide"

    now[0] = datetime(2026, 11, 27, 8, 0, tzinfo=UTC)
    board = answer(await ana.slash(channel, "daily board")).message
    today, yesterday = board.embeds
    assert "No one on this server has finished today's deal yet" in today.description
    assert "🔥 Streak: 1 day in a row" in today.fields[0].value, "yesterday counts until tonight"
    assert yesterday.title == "⏪ Yesterday's deal (2026-11-26)"
    text = yesterday.description
    assert "**Dealt to your seat:**" in text and "**On the table:**" in text
    assert re.search(r"` 1` (Your seat|🤖 Hard bot): ", text), text
    assert re.search(r"The hard bot in your seat scored \d+ – \d+: margin \*\*[+-]\d+\*\*", text)
    assert "Best here yesterday: **ana**" in text or "Best here yesterday: **bob**" in text


@pytest.mark.parametrize("game", [g for g in daily_games() if g != "escoba"])
async def test_every_daily_game_plays_to_its_result(simcord_env, game):
    at_clock(simcord_env, DAY)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    hand = answer(await ana.slash(channel, "daily play", game=game)).message
    name = {"scopa": "Scopa", "cirulla": "Cirulla", "rubamazzo": "Rubamazzo"}[game]
    assert texts(hand)[0].startswith(f"### 📅 Daily deal · {name} · 2026-11-26")
    finished = await play_out(ana, hand, simcord_env)
    saved = await simcord_env.bot.storage.daily_hand("2026-11-26", game, ana.id)
    assert saved is not None and saved.finished
    assert f"margin **{saved.margin:+d}**" in "\n".join(texts(finished))
    assert await simcord_env.bot.storage.daily_hand("2026-11-26", "escoba", ana.id) is None


async def test_a_spanish_server_reads_the_board_in_spanish(simcord_env):
    at_clock(simcord_env, DAY)
    _, channel, (ana,) = make_world(simcord_env, "ana", admin="ana")
    await ana.slash(channel, "settings", language="es")
    await play_out(ana, answer(await ana.slash(channel, "daily play")).message, simcord_env)
    today, yesterday = answer(await ana.slash(channel, "daily board")).message.embeds
    assert today.title == "📅 Mano del día · Escoba · 2026-11-26"
    assert "Terminadas hoy en este servidor: 1" in today.description
    assert "🔥 Racha: 1 día seguido" in today.fields[0].value
    assert yesterday.title == "⏪ La mano de ayer (2026-11-25)"
    assert "El bot difícil en tu puesto hizo" in yesterday.description


async def test_a_deployment_deals_its_own_days_that_the_code_alone_cannot_compute(
    simcord_env, bot_settings, tmp_path
):
    """One bot deals every server alike (above); another deployment (its own database,
    so its own secret) deals another hand the same day."""
    at_clock(simcord_env, DAY)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    ours = unnamed(answer(await ana.slash(channel, "daily play")).message)
    secret = await simcord_env.bot.storage.meta("daily_secret")
    assert secret and len(secret) == 64 and secret not in ours
    elsewhere = bot_settings.model_copy(update={"database_path": tmp_path / "other.sqlite3"})
    await simcord_env.restart_bot(create_bot(elsewhere))  # the same app on another database
    at_clock(simcord_env, DAY)
    theirs = unnamed(answer(await ana.slash(channel, "daily play")).message)
    assert await simcord_env.bot.storage.meta("daily_secret") != secret
    assert ours.split("\n", 1)[1] != theirs.split("\n", 1)[1], "another secret, another deal"


async def test_the_days_commitment_is_shown_all_day_and_its_seed_once_it_is_over(simcord_env):
    now = at_clock(simcord_env, DAY)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    seed = await simcord_env.bot.croupier.daily.seed("2026-11-26", "escoba")
    hand = answer(await ana.slash(channel, "daily play")).message
    assert f"🔒 Deal sealed: {commitment(seed)[:16]}" in texts(hand)[0]
    today = answer(await ana.slash(channel, "daily board")).message.embeds[0]
    sealed = next(f.value for f in today.fields if f.name == "🔒 Today's deal, sealed")
    assert f"`{commitment(seed)}`" in sealed
    finished = await play_out(ana, hand, simcord_env)
    shown = [*texts(finished), sealed, today.description]
    assert seed not in "\n".join(shown), "secret while the day lasts"

    now[0] = datetime(2026, 11, 27, 0, 1, tzinfo=UTC)
    yesterday = answer(await ana.slash(channel, "daily board")).message.embeds[1]
    assert f"🔓 The deal's seed: `{seed}`" in yesterday.description
    assert commitment(seed) in yesterday.description


async def test_a_hand_takes_no_move_once_its_day_is_over_and_counts_nowhere(simcord_env):
    now = at_clock(simcord_env, datetime(2026, 11, 26, 23, 58, tzinfo=UTC))
    _, channel, (ana,) = make_world(simcord_env, "ana")
    hand = answer(await ana.slash(channel, "daily play")).message
    hand = await click_first(ana, hand, simcord_env)
    storage = simcord_env.bot.storage
    before = await storage.daily_hand("2026-11-26", "escoba", ana.id)

    now[0] = datetime(2026, 11, 27, 0, 0, 5, tzinfo=UTC)
    late = await ana.click(hand, custom_id=daily_buttons(hand, "c")[0].custom_id)
    told = answer(late).content
    assert told.startswith("This hand was the deal of 2026-11-26, and that day is over (UTC)")
    assert "stays unfinished, counted on no board or streak" in told
    assert await storage.daily_hand("2026-11-26", "escoba", ana.id) == before, "nothing played"
    board = answer(await ana.slash(channel, "daily board")).message.embeds
    assert "🔥 Streak: 0 days in a row" in board[0].fields[0].value, "an unfinished day counts not"
    assert "Best here yesterday" not in board[1].description
    today = answer(await ana.slash(channel, "daily play")).message
    assert texts(today)[0].startswith("### 📅 Daily deal · Escoba · 2026-11-27")
