"""Slow quick play: members of two servers paired in a slow pool play a whole match
over simulated days from their turn messages alone, with restarts between moves, and
may hold a slow match beside a live one."""

from __future__ import annotations

import pytest

from bot.client import create_bot
from tests.discord_helpers import answer, current, custom_ids, enabled, make_world, message_text


@pytest.fixture
def bot_settings(bot_settings):
    """The sweep wakes for each deadline; between them it sleeps a day here, so days
    pass in few steps."""
    return bot_settings.model_copy(update={"sweep_seconds": 86400})


pytestmark = pytest.mark.simcord(settle_timeout=2.0)  # the live pool's 3 s waves park


def seats(player) -> list:
    """The member's turn messages: their DMs that carry a seat."""
    return [m for m in player.user.dm_channel.history() if m.embeds and m.embeds[0].title]


def live_seat(env, player):
    """The member's latest turn message, if its cards can be played now."""
    shown = seats(player)
    if not shown:
        return None
    message = current(env, shown[-1])
    return message if enabled(message, "esc:card:") else None


@pytest.mark.simcord(settle_timeout=30.0)  # days pass between moves
async def test_two_servers_play_a_slow_match_from_their_turn_messages(simcord_env, bot_settings):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    searching = answer(await ana.slash(here, "play", game="scopa", pace="day"))
    assert "Scopa (Slow: 1 day a move)" in message_text(current(simcord_env, searching.message))
    await simcord_env.advance_time(3 * 3600)  # bob comes hours later
    found = answer(await bob.slash(there, "play", game="scopa", pace="day"))
    await simcord_env.settle()
    turns = 0
    while turns < 400:
        mover = next((p for p in (ana, bob) if live_seat(simcord_env, p)), None)
        if mover is None:
            break
        message = live_seat(simcord_env, mover)
        assert "Your move, by" in message_text(message)
        await simcord_env.advance_time(1800)  # each answers half an hour later
        await mover.user.click(message, custom_id=enabled(message, "esc:card:")[0])
        choices = custom_ids(current(simcord_env, message), "esc:move:")
        if choices:
            await mover.user.click(current(simcord_env, message), custom_id=choices[0])
        turns += 1
        if turns % 30 == 0:
            await simcord_env.restart_bot(create_bot(bot_settings))
    assert 20 < turns < 400
    paired = message_text(current(simcord_env, found.message))
    assert "Each of your turns comes to your DMs" in paired and "just below" not in paired
    for player in (ana, bob):
        final = message_text(current(simcord_env, seats(player)[-1]))
        assert "Result" in final and "You: rating 1000 →" in final, final
        assert len(seats(player)) <= turns, "one message a turn, and the result"
    table = simcord_env.bot.service.tables[1]
    assert table.settings.pace == "day" and table.status == "finished"


async def test_a_slow_match_does_not_keep_a_member_from_a_live_one(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await ana.slash(here, "play", game="scopa", pace="day")
    await bob.slash(there, "play", game="scopa", pace="day")
    await simcord_env.settle()
    assert simcord_env.bot.service.tables[1].settings.pace == "day"
    live = answer(await ana.slash(here, "play", game="escoba"))
    text = message_text(current(simcord_env, live.message))
    assert "Looking for an opponent" in text, text
