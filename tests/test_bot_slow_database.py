"""Commands that read the database answer Discord in time even when it is slow: they
defer first (Discord forgets an interaction not acknowledged within 3 seconds)."""

from __future__ import annotations

import pytest

from tests.discord_helpers import answer, make_world

DEFERRED = 5
"""The interaction callback that acknowledges now and answers later."""
SLOW_SECONDS = 5.3
"""How long the database took when another process held its lock (issue 13)."""


@pytest.fixture
def slow_database(simcord_env, monkeypatch):
    """Every read of the server's settings takes ``SLOW_SECONDS`` of SimCord's clock."""
    storage = simcord_env.bot.storage
    read = storage.guild_settings

    async def slow(guild_id):
        simcord_env.backend.clock.advance(SLOW_SECONDS)
        return await read(guild_id)

    monkeypatch.setattr(storage, "guild_settings", slow)


@pytest.mark.parametrize(
    ("command", "options", "title"),
    [
        ("settings", {"timer": 60}, "Settings saved"),
        ("leaderboard", {"season": "all"}, "Escoba leaderboard · all time · Rating"),
        ("stats", {}, "ana's results"),
        ("history", {}, "Recent matches"),
    ],
)
async def test_a_command_is_acknowledged_before_a_slow_database_answers(
    simcord_env, slow_database, command, options, title
):
    _, channel, (ana,) = make_world(simcord_env, "ana", admin="ana")
    result = await ana.slash(channel, command, **options)
    callbacks = [r.json["type"] for r in simcord_env.http_requests if r.path.endswith("/callback")]
    assert callbacks == [DEFERRED], "acknowledged at once, answered when the database is done"
    assert title in answer(result).embeds[0].title
    assert result.ephemeral is (command == "settings")
