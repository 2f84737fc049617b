"""``python -m bot.loadtest sandbox``: how long the sandbox's page takes to answer a click
as the channel's history grows (issue 39: after an hour of play in one browser tab a
card click took 26 s).

The page is driven through its own HTTP API, as the browser drives it: every
``every``-th match is played there (``/escoba new``, the bot menu, Start, then "My hand"
and a card, and the capture's letter when asked) and each card click is timed from the
POST to its answer, which carries the page's new snapshot. The matches in between are
played through SimCord directly, so the history grows fast. ``--kept 0`` keeps the whole
history (the sandbox before it kept ``KEPT_MESSAGES``).

``--daily``: the day's deal of every game played on the page in #cartas once
``matches`` matches grew its history (issue 46: a daily card click took 1.9–4.3 s),
each click timed from the POST to its answer.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import aiohttp

from ..daily.deal import daily_games
from ..sandbox import SandboxWorld, open_page, sandbox
from .probes import board_message, board_message_id, custom_ids, ephemeral_panel, lobby_table_id


class PageClient:
    """One browser tab: the page's context, its published state and its actions."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        base, capability = url.split("#")
        self.session, self.base = session, base
        self.headers = {"X-Simcord-Capability": capability}
        self.sequence = 0
        self.state: dict[str, Any] = {}
        self.catalog: dict[str, Any] = {}

    async def open(self, viewer_id: int) -> None:
        body = {"viewer_id": str(viewer_id)}
        async with self.session.post(
            self.base + "api/pages", json=body, headers=self.headers
        ) as opened:
            self.state = await opened.json()
        self.headers["X-Simcord-Context"] = self.state["context"]["id"]
        async with self.session.get(self.base + "api/commands", headers=self.headers) as listed:
            self.catalog = await listed.json()

    async def refresh_state(self) -> None:
        async with self.session.get(self.base + "api/state", headers=self.headers) as read:
            self.state = await read.json()

    async def command(self, invocation: str, **options: Any) -> dict[str, Any]:
        entry = next(e for e in self.catalog["entries"] if e["invocation"] == invocation)
        return await self.action(
            "run_command",
            command_id=entry.get("commandId"),
            path=entry.get("path"),
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )

    async def press(self, message_id: str, custom_id: str, values: list[str] | None = None):
        """Click the button (or pick ``values`` in the menu) ``custom_id`` of a message
        the page shows."""
        component = next(
            c
            for c in _walk(self.state["messages"][message_id]["components"])
            if c.get("custom_id") == custom_id
        )
        kind = "click" if values is None else "select"
        extra = {} if values is None else {"values": values}
        return await self.action(
            kind, control_key=component["control_key"], target_id=message_id, **extra
        )

    async def action(self, kind: str, **extra: Any) -> dict[str, Any]:
        self.sequence += 1
        body = {
            **extra,
            "kind": kind,
            "protocol_version": 3,
            "sequence": self.sequence,
            "request_id": str(uuid.uuid4()),
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
        }
        async with self.session.post(
            self.base + "api/action", json=body, headers=self.headers
        ) as r:
            answer = await r.json()
        if answer.get("rejected"):
            raise RuntimeError(f"the page refused {kind}: {answer.get('diagnostics')}")
        await self.refresh_state()
        return answer


def _walk(components: list[dict[str, Any]]):
    for component in components:
        yield component
        yield from _walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]


def _answer_id(answer: dict[str, Any]) -> str:
    return next(o["messageId"] for o in answer["outcomes"] if "messageId" in o)


def _ids(page: PageClient, message_id: str, prefix: str) -> list[str]:
    return [
        c["custom_id"]
        for c in _walk(page.state["messages"][message_id]["components"])
        if str(c.get("custom_id", "")).startswith(prefix) and not c.get("disabled")
    ]


async def play_on_the_page(page: PageClient, world: SandboxWorld, rng: random.Random):
    """A match against the random bot through the page; each card click's seconds."""
    lobby = _answer_id(await page.command("escoba new", target="1"))
    table_id = int(_ids(page, lobby, "esc:lobby:")[0].split(":")[2])
    await page.press(lobby, _ids(page, lobby, "esc:bot:")[0], ["random"])
    await page.press(lobby, f"esc:lobby:{table_id}:start")
    clicks = []
    while (table := world.bot.service.tables[table_id]).status != "finished":
        board = board_message_id(world.env, table)
        panel = _answer_id(await page.press(str(board), f"esc:hand:{table_id}"))
        started = time.perf_counter()
        await page.press(panel, rng.choice(_ids(page, panel, "esc:card:")))
        clicks.append(time.perf_counter() - started)
        if choices := _ids(page, panel, "esc:move:"):  # a card that takes in several ways
            await page.press(panel, rng.choice(choices))
    return clicks


async def play_directly(world: SandboxWorld, rng: random.Random) -> None:
    """A match against the random bot through SimCord, as the member (no page)."""
    you = world.you
    lobby = (await you.slash(world.channel, "escoba new", target=1)).response.message
    table_id = lobby_table_id(lobby)
    assert table_id is not None
    menu = next(i for i in custom_ids(lobby) if i.startswith("esc:bot:"))
    await you.select(lobby, ["random"], custom_id=menu)
    await you.click(lobby, custom_id=f"esc:lobby:{table_id}:start")
    while (table := world.bot.service.tables[table_id]).status != "finished":
        board = board_message(world.env, table)
        panel = ephemeral_panel(await you.click(board, custom_id=f"esc:hand:{table_id}"))
        cards = [i for i in custom_ids(panel, enabled_only=True) if i.startswith("esc:card:")]
        answer = await you.click(panel, custom_id=rng.choice(cards))
        chosen = ephemeral_panel(answer) or panel
        if choices := [i for i in custom_ids(chosen) if i.startswith("esc:move:")]:
            await you.click(chosen, custom_id=rng.choice(choices))


async def run_sandbox_benchmark(matches: int, every: int, kept: int, seed: int) -> dict:
    rng = random.Random(seed)
    rows = []
    with tempfile.TemporaryDirectory(prefix="escoba-sandbox-bench-") as scratch:
        database = Path(scratch) / "sandbox.sqlite3"
        async with sandbox(database, deal_seed=seed, kept_messages=kept or None) as world:
            world.env.settle_timeout = 120  # a busy machine: the bot players' first answers
            async with open_page(world) as preview, aiohttp.ClientSession() as session:
                page = PageClient(session, preview.url)
                await page.open(world.you.id)
                for match in range(matches):
                    if match % every == 0:
                        clicks = await play_on_the_page(page, world, rng)
                        stored = len(world.env.backend.messages.get(world.channel.id, {}))
                        rows.append(
                            {
                                "match": match,
                                "messages": stored,
                                "card_click_ms_p50": round(statistics.median(clicks) * 1000),
                                "card_click_ms_max": round(max(clicks) * 1000),
                                "state_kb": len(json.dumps(page.state)) // 1024,
                            }
                        )
                    else:
                        await play_directly(world, rng)
    return {"kept": kept or "all", "matches": matches, "seed": seed, "by_match": rows}


async def play_the_dailies(page: PageClient, rng: random.Random) -> tuple[float, list[float]]:
    """Every game's day's deal through the page: the slowest ``/daily play``'s seconds,
    and each card or capture click's."""
    opened, clicks = [], []
    for game in daily_games():
        started = time.perf_counter()
        hand = _answer_id(await page.command("daily play", game=game))
        opened.append(time.perf_counter() - started)
        while moves := [i for i in _ids(page, hand, "esc:daily:") if i.split(":")[-2] in "cm"]:
            started = time.perf_counter()
            await page.press(hand, rng.choice(moves))
            clicks.append(time.perf_counter() - started)
    return max(opened), clicks


async def run_daily_benchmark(matches: int, kept: int, seed: int) -> dict:
    """The day's deals played on the page once ``matches`` matches grew #cartas."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="escoba-sandbox-bench-") as scratch:
        database = Path(scratch) / "sandbox.sqlite3"
        async with sandbox(database, deal_seed=seed, kept_messages=kept or None) as world:
            world.env.settle_timeout = 120  # a busy machine: the bot players' first answers
            for _ in range(matches):
                await play_directly(world, rng)
            stored = len(world.env.backend.messages.get(world.channel.id, {}))
            async with open_page(world) as preview, aiohttp.ClientSession() as session:
                page = PageClient(session, preview.url)
                await page.open(world.you.id)
                opened, clicks = await play_the_dailies(page, rng)
    cuts = statistics.quantiles(clicks, n=20)
    return {
        "daily": True,
        "matches": matches,
        "messages": stored,
        "clicks": len(clicks),
        "daily_play_ms_max": round(opened * 1000),
        "daily_click_ms_p50": round(statistics.median(clicks) * 1000),
        "daily_click_ms_p95": round(cuts[18] * 1000),
    }
