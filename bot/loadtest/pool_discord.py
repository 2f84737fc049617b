"""``python -m bot.loadtest discord --mix pool``: whole quick-play matches through SimCord.

Two simulated servers; ``tables`` pairs of members, one of each pair in each server
(every third pair's second member asks from the bot's DM instead). Each pair enters
the pool with ``/play`` (Scopa, Escoba and Rubamazzo in turn), a wave pairs them and
the match is played in their DMs: each step the script picks a table where a member
is to act and clicks a random card on that member's seat message (and a capture when
the seat offers several). A finished match is followed by a new ``/play`` of the
pair, until ``moves`` moves were applied.

What is measured is what ``metering`` counts, from the first move on: every later
``/play`` (its welcome DM), each match's opening and its seat messages count as play;
``stale_panels`` counts seat messages showing an older version than their table once a
step settled.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..games import is_claim, move_card
from ..pool.matchmaking import WAVE_SECONDS
from . import probes
from .discord_load import THINK_SECONDS, BenchmarkError, simulated_bot
from .metering import Meter
from .patience import act, advance, settle

GAMES = ("scopa", "escoba", "rubamazzo")
TIME_STEP = 0.5
MAX_TIME_STEPS = 40
MAX_WAVES = 60
"""Waves in a row with nobody to act before the benchmark gives up."""


class PoolLoad:
    """Quick-play pairs, their matches and what they cost."""

    def __init__(self, env, bot, *, tables: int, target: int, seed: int, think: float) -> None:
        self.env, self.bot = env, bot
        self.tables, self.target, self.think = tables, target, think
        self.rng = random.Random(seed)
        self.meter = Meter()
        self.pairs: list[tuple[Any, Any, Any, bool]] = []
        self.table_ids: list[int] = []

    def moves(self) -> int:
        tables = self.bot.service.tables
        return sum(tables[t].version - 1 for t in self.table_ids if t in tables)

    def setup(self) -> None:
        env = self.env
        first, second = env.create_guild("North"), env.create_guild("South")
        channels = first.create_text_channel("cartas"), second.create_text_channel("cartas")
        for index in range(self.tables):
            ana = first.add_member(env.create_user(f"ana{index}"))
            bob = second.add_member(env.create_user(f"bob{index}"))
            self.pairs.append((ana, bob, channels, index % 3 == 2))

    async def enter(self, pair_index: int, free: list[Any]) -> None:
        """The pair's ``free`` members ``/play`` (counted: a quick-play match's cost
        includes entering the pool), then a wave runs."""
        ana, _, channels, from_dm = self.pairs[pair_index]
        game = GAMES[(pair_index + len(self.table_ids)) % len(GAMES)]
        for member in free:
            if member is ana:
                await act(self.env, member.slash(channels[0], "play", game=game))
            elif from_dm:
                await act(self.env, member.user.slash("play", game=game))
            else:
                await act(self.env, member.slash(channels[1], "play", game=game))
        await advance(self.env, WAVE_SECONDS)
        self._track()

    def _track(self) -> None:
        """Every quick-play table opened so far (pairs mix in the pool)."""
        for table in self.bot.service.tables.values():
            if table.settings.quick and table.id not in self.table_ids:
                self.table_ids.append(table.id)

    def _ready(self) -> list[tuple[Any, Any]]:
        """(table, member) for every table where a member is to act."""
        members = {m.id: m for pair in self.pairs for m in pair[:2]}
        ready = []
        for table_id in self.table_ids:
            table = self.bot.service.tables[table_id]
            if table.status == "playing" and not table.seats[table.state.turn].autoplayed:
                ready.append((table, members[table.seats[table.state.turn].user_id]))
        return ready

    def _table_of(self, user_id: int):
        live = [t for t in self.bot.service.tables.values() if t.is_live and t.settings.quick]
        return next((t for t in live if t.seat_of(user_id) is not None), None)

    def _calls(self, *, counted: bool) -> None:
        self.meter.take_calls(self.env.http_requests, self.bot.application_id, counted=counted)

    async def play(self, table, member) -> None:
        """The member to act clicks a random card of their seat (and a capture)."""
        seat = probes.latest_dm_panel(member.user)
        cards = probes.card_buttons(seat, table.id, table.version) if seat else {}
        legal = [move_card(m) for m in table.state.legal_moves() if not is_claim(m)]
        playable = [card for card in cards if card in legal]
        if not playable:
            raise BenchmarkError(f"table {table.id}: the seat offers no card")
        version, started = table.version, time.perf_counter()
        await act(self.env, member.user.click(seat, custom_id=cards[self.rng.choice(playable)]))
        if self.bot.service.tables[table.id].version == version:
            seat = probes.latest_dm_panel(member.user)
            choices = [c for c in probes.custom_ids(seat, enabled_only=True) if ":move:" in c]
            if not choices:
                raise BenchmarkError(f"table {table.id}: a card neither played nor chose")
            await act(self.env, member.user.click(seat, custom_id=self.rng.choice(choices)))
        await self._catch_up(table.id)
        self.meter.click_ms.append((time.perf_counter() - started) * 1000)

    async def _catch_up(self, table_id: int) -> None:
        await settle(self.env)
        for _ in range(MAX_TIME_STEPS):
            table = self.bot.service.tables[table_id]
            if table.status != "playing" or not table.seats[table.state.turn].autoplayed:
                return
            self.meter.virtual_advances += 1
            await advance(self.env, TIME_STEP)

    def check_seats(self, table_id: int) -> None:
        table = self.bot.service.tables[table_id]
        if table.status != "playing":
            return
        for pair in self.pairs:
            for member in pair[:2]:
                if table.seat_of(member.id) is None:
                    continue
                shown = probes.panel_version(probes.latest_dm_panel(member.user), table_id)
                self.meter.panel_checks += 1
                if shown is not None and shown < table.version:
                    self.meter.stale_panels += 1

    async def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        self.setup()
        for index, (ana, bob, _, _) in enumerate(self.pairs):
            await self.enter(index, [ana, bob])
        commits, idle = self.bot.storage.commits, 0
        self._calls(counted=False)  # logging in, the first /play of every pair
        while self.moves() < self.target:
            waiting = {row["user_id"] for row in await self.bot.storage.pool_entries()}
            for index, (ana, bob, _, _) in enumerate(self.pairs):
                free = [m for m in (ana, bob) if not self._table_of(m.id) and m.id not in waiting]
                if free:
                    await self.enter(index, free)
            ready = self._ready()
            if not ready:
                idle += 1
                if idle > MAX_WAVES:
                    raise BenchmarkError("nobody is to act and the pool pairs nobody")
                await advance(self.env, WAVE_SECONDS)
                self._track()
                continue
            idle = 0
            table, member = self.rng.choice(ready)
            self.meter.human_actions += 1
            await self.play(table, member)
            self.check_seats(table.id)
            await advance(self.env, self.think / len(self.pairs))
        self._calls(counted=True)
        return {
            "benchmark": "discord",
            "mix": "pool",
            "tables": self.tables,
            "think_seconds": self.think,
            **self.meter.figures(self.moves(), self.bot.storage.commits - commits),
            "bot_errors": len(self.env.errors),
            "seconds": round(time.perf_counter() - started, 2),
        }


SETTLE_SECONDS = 2.0
"""SimCord's settle timeout here: the pool's 3 s waves park until the clock moves (a
settle timeout above them would wait them out in real time)."""


async def run_pool_mix(
    *,
    tables: int,
    moves: int,
    seed: int,
    think: float = THINK_SECONDS,
    settle_timeout: float = SETTLE_SECONDS,
) -> dict[str, Any]:
    """Quick-play matches of ``tables`` pairs until ``moves`` moves; the report."""
    async with simulated_bot(seed, settle_timeout=settle_timeout) as (env, bot):
        load = PoolLoad(env, bot, tables=tables, target=moves, seed=seed, think=think)
        return await load.run()
