"""Prometheus metrics: with ``METRICS_PORT`` set, a scrape of ``/metrics`` counts the
moves, Discord's calls, commits and bot decisions of a match played through SimCord."""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.request

import simcord

from bot.client import create_bot
from tests.discord_helpers import against_bot


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        return answer.read().decode()


def value(text: str, sample: str) -> float:
    """The value of ``sample`` (a name with its labels) in a scrape; 0 when absent."""
    found = re.search(rf"^{re.escape(sample)} (\S+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


async def test_a_scrape_counts_what_a_match_did(bot_settings):
    port = free_port()
    async with simcord.run(
        create_bot(bot_settings.model_copy(update={"metrics_port": port}))
    ) as env:
        driver = await against_bot(env, "escoba new", "greedy", target=1)
        while not driver.is_over():
            await driver.play_turn()
        text = await asyncio.to_thread(scrape, port)
        table = env.bot.service.get(1)

    moves = value(text, 'escoba_moves_total{game="escoba"}')
    assert moves == table.version - 1, "every move of the match, the bot's included"
    members = value(text, "escoba_click_to_commit_seconds_count")
    decisions = value(text, 'escoba_ai_decision_seconds_count{level="greedy"}')
    assert members > 0 and decisions > 0 and members + decisions >= moves
    assert value(text, "escoba_live_tables") == 0, "the match is over"
    calls = re.findall(
        r'^escoba_discord_calls_total\{method="(\w+)",route="([^"]+)"\} (\S+)$', text, re.M
    )
    assert ("PATCH", "/channels/{channel_id}/messages/{message_id}") in {c[:2] for c in calls}
    assert "escoba_discord_rate_limited_total" in text
