"""Quick play through SimCord: members of different servers enter one pool with
``/play``, a wave pairs them, and the match is played in each member's DMs, one
message a seat, rated on the global board only."""

from __future__ import annotations

import re

from bot.client import create_bot
from bot.pool.service import WAVE_SECONDS
from tests.discord_helpers import answer, current, custom_ids, enabled, make_world, message_text

SEAT_TITLE = re.compile(r"⚡ \w+ · quick play #(\d+)")


def seat(player) -> object | None:
    """The member's seat message: their latest DM with a quick-play embed."""
    shown = [
        m
        for m in player.user.dm_channel.history()
        if m.embeds and SEAT_TITLE.match(m.embeds[0].title or "")
    ]
    return shown[-1] if shown else None


async def enter(*seated, game: str = "scopa"):
    """Each (channel, member) ``/play``s in their own server's channel; the answers."""
    return [answer(await player.slash(channel, "play", game=game)) for channel, player in seated]


async def play_out(env, players, *, restart=None, max_moves: int = 400) -> int:
    """Whoever's seat has live cards plays the first (and its first capture) until the
    match is over; ``restart`` is called once, halfway."""
    moves = 0
    while moves < max_moves:
        mover = next((p for p in players if enabled(seat(p), "esc:card:")), None)
        if mover is None:
            return moves
        message = seat(mover)
        await mover.user.click(message, custom_id=enabled(message, "esc:card:")[0])
        choices = custom_ids(seat(mover), "esc:move:")
        if choices:
            await mover.user.click(seat(mover), custom_id=choices[0])
        moves += 1
        if restart is not None and moves == 10:
            await restart()
    raise AssertionError("the match did not end")


async def test_two_servers_play_a_quick_match_in_their_dms(simcord_env, bot_settings):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    searching = await enter((here, ana), (there, bob))
    assert all(a.ephemeral for a in searching)
    text = message_text(searching[0].message)
    assert "Looking for an opponent on every server" in text and "**1000?**" in text
    assert "You are in the Scopa quick-play pool" in ana.user.dm_channel.history()[-1].content

    await simcord_env.advance_time(WAVE_SECONDS)
    for player in (ana, bob):
        shown = seat(player)
        assert shown is not None, "the seat is in their DMs"
        assert "**You** vs **🎭 1000**" in shown.embeds[0].description
    paired = message_text(current(simcord_env, searching[0].message))
    assert "Opponent found: **🎭 1000**" in paired

    async def restart():
        restarted = create_bot(bot_settings)
        await simcord_env.restart_bot(restarted)

    await play_out(simcord_env, [ana, bob], restart=restart)
    for player in (ana, bob):
        final = message_text(seat(player))
        assert "Result" in final and "rating 1000 →" in final
        assert custom_ids(seat(player), "esc:block:"), "Don't pair me with them again"
    storage = simcord_env.bot.storage
    ratings = await storage.global_ratings("scopa", [ana.id, bob.id])
    assert ratings[ana.id] != ratings[bob.id], "rated on the global board"
    for player in (ana, bob):
        board, _ = await storage.leaderboard(player.guild.id, "scopa", limit=5, offset=0)
        assert board == [], "on no server's board"


async def test_bad_input_to_play_is_answered_and_loses_nothing(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    (searching,) = await enter((channel, ana))
    (again,) = await enter((channel, ana), game="escoba")
    assert "already waiting in the quick-play pool" in again.message.content
    await ana.click(current(simcord_env, searching.message), label="Cancel")
    assert "You left the pool" in message_text(current(simcord_env, searching.message))
    assert await simcord_env.bot.storage.pool_entries() == []
    await simcord_env.bot.croupier.pool_runner.pool.strike(ana.id, "left")
    (banned,) = await enter((channel, ana))
    assert "you may enter the pool again in 10 min" in banned.message.content
