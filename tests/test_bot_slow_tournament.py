"""A slow tournament: signed up with a pace, its matches played as slow tables (each turn
in the member's DMs), its rounds without a clock of their own, one-hand matches."""

from __future__ import annotations

import random

import pytest

from tests.discord_helpers import answer, make_world, message_text
from tests.test_bot_publisher import DM_CLOSED
from tests.test_bot_slow import lines, play_from_dm, turn_messages
from tests.test_bot_tournament import podium_messages, posts, signup

pytestmark = pytest.mark.simcord(settle_timeout=30.0)


@pytest.fixture
def bot_settings(bot_settings):
    return bot_settings.model_copy(update={"sweep_seconds": 86400})


async def test_a_slow_knockout_is_played_from_the_members_dms(simcord_env):
    names = ("ana", "bob", "cai", "dan", "eva")
    _, channel, members = make_world(simcord_env, *names, admin="ana")
    ana, eva = members[0], members[4]
    opened = answer(
        await ana.slash(
            channel,
            "tournament new",
            game="escoba",
            format="knockout",
            entrants=4,
            pace="day",
            target=1,
        )
    )
    assert "is open" in opened.message.content
    about = message_text(signup(channel))
    assert "Slow: 1 day a move, rounds without a clock" in about
    assert "one-hand matches" in about

    dm = eva.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", **DM_CLOSED, times=None)
    refused = await eva.click(signup(channel), label="Join")
    assert "closed to the bot" in answer(refused).content, "told before signing up"
    players = members[:4]
    for member in players:
        await member.click(signup(channel), label="Join")
        assert any("slow table" in line for line in lines(member)), "told where turns come"
    await ana.click(signup(channel), label="Start")
    round_one = posts(channel, r"round 1\*\*")
    assert len(round_one) == 1 and "ends" not in round_one[0].content, "no round clock"
    assert "your turns come to your DMs" in round_one[0].content

    driver = _Players(simcord_env, players)
    rng = random.Random(4)
    for _ in range(400):
        if podium_messages(channel):
            break
        await play_from_dm(driver, rng)
    assert len(podium_messages(channel)) == 1, "both rounds played from the DMs"
    assert len(posts(channel, r"round 2\*\*")) == 1
    assert all(turn_messages(member) for member in players)


class _Players:
    """What ``play_from_dm`` needs: the members and the simulated Discord."""

    def __init__(self, env, players) -> None:
        self.env, self.players = env, players
