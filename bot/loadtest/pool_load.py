"""``python -m bot.loadtest pool``: hours of quick-play arrivals through the real pool.

Members arrive at each game's pool (a Poisson process of ``arrivals`` a minute per
game), with ratings drawn from a spread like a live server's (most near the start,
a long tail of strong players); some cancel, some block an opponent they met, and
Scopone players sometimes come as a pair. Every ``WAVE_SECONDS`` of simulated time
each game's pool is paired by the real ``PoolService`` on the real storage (with
``processes`` storages racing each wave, as several processes would). A paired
member plays a match of realistic length and may come back; one who waited
``OFFER_AFTER`` may take the hard bot instead. Time is simulated: two hours run in
about a minute.

What it prints (one JSON line): waits until a match (``wait_s_p50``, ``_p90``), the
rating gap between paired sides (``rating_gap_p90``), ``blocked_pairs`` (pairs of a
member with one they blocked), ``double_paired`` and ``lost_entries`` (members in two
pairings, or gone from the pool unpaired and uncancelled), the longest wave of one
game's pool, ``PoolService.wave`` timed whole: its rows read and locked, paired, the
pairings and the bot's offers recorded (``wave_ms_max``, also with 1,000 waiting),
``bot_offers`` (each member offered the bot once, by the waves) and more.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from ..pool.matchmaking import WAVE_SECONDS
from ..pool.service import Joining, PoolService, teams_game
from ..storage import Storage
from ..storage.databases import DatabaseError, is_postgres
from ..storage.pool import Wave
from .metering import percentile
from .scratch import benchmark_database, described

START = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
CANCEL_SHARE = 0.08
BLOCK_SHARE = 0.03
PAIR_SHARE = 0.15
"""Scopone arrivals that come with a partner."""
BOT_TAKERS = 0.5
"""Members offered the hard bot who take it."""
COME_BACK = 0.6
"""Members who enter again after a match."""
MATCH_MINUTES = {"scopa": 9.0, "escoba": 12.0, "cirulla": 11.0, "rubamazzo": 6.0, "scopone": 14.0}


@dataclass
class Waiting:
    """A member's stay in the pool, as the simulation saw it begin."""

    user_id: int
    game: str
    rating: int
    since: float
    cancel_at: float | None
    partner: int | None = None


@dataclass
class PoolWorld:
    """The simulated members, what they do, and what was measured."""

    games: tuple[str, ...]
    arrivals: float
    rng: random.Random
    now: float = 0.0
    next_id: int = 1
    waiting: dict[int, Waiting] = field(default_factory=dict)
    busy_until: dict[int, float] = field(default_factory=dict)
    ratings: dict[int, int] = field(default_factory=dict)
    blocks: set[tuple[int, int]] = field(default_factory=set)
    met: dict[int, list[int]] = field(default_factory=dict)
    waits: list[float] = field(default_factory=list)
    gaps: list[int] = field(default_factory=list)
    wave_ms: list[float] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, name: str, by: int = 1) -> None:
        self.counts[name] = self.counts.get(name, 0) + by

    def rating(self) -> int:
        """Most members near the start, a long tail of strong ones."""
        if self.rng.random() < 0.7:
            return round(self.rng.gauss(1000, 90))
        return round(1000 + self.rng.expovariate(1 / 220))

    def member(self) -> int:
        """A member who is free to play: one who came back, or someone new."""
        free = [m for m, until in self.busy_until.items() if until <= self.now]
        if free and self.rng.random() < COME_BACK:
            member = self.rng.choice(free)
            del self.busy_until[member]
            return member
        member, self.next_id = self.next_id, self.next_id + 1
        self.ratings[member] = self.rating()
        return member


async def run_pool_benchmark(
    *,
    minutes: float,
    arrivals: float,
    games: tuple[str, ...],
    database: str | None,
    processes: int,
    seed: int,
) -> dict[str, Any]:
    if processes > 1 and not (database and is_postgres(database)):
        raise DatabaseError("--processes 2 needs PostgreSQL (--database postgresql://…)")
    world = PoolWorld(games, arrivals, random.Random(seed))
    async with benchmark_database(database) as url:
        storages = [await Storage.open(url, clock=lambda: _at(world.now)) for _ in range(processes)]
        try:
            pools = [PoolService(s, lambda: _at(world.now)) for s in storages]
            started = time.perf_counter()
            await _simulate(world, pools, minutes)
            await _account(world, storages[0])
            world.wave_ms.append(await _thousand_waiting(storages[0]))
            seconds = time.perf_counter() - started
        finally:
            for storage in storages:
                await storage.close()
    return _report(world, minutes, processes, database, seconds)


def _at(now: float) -> datetime:
    return START + timedelta(seconds=now)


async def _simulate(world: PoolWorld, pools: list[PoolService], minutes: float) -> None:
    arrivals = {game: world.rng.expovariate(world.arrivals / 60) for game in world.games}
    while world.now < minutes * 60:
        for game in world.games:
            while arrivals[game] <= world.now:
                await _arrive(world, pools[0], game)
                arrivals[game] += world.rng.expovariate(world.arrivals / 60)
        await _cancels(world, pools[-1])
        waves = await asyncio.gather(*(_wave(world, pool) for pool in pools))
        for wave in waves:
            for pairing_id in wave.pairings:
                await _paired(world, pools[0].storage, pairing_id)
        for wave in waves:
            await _offers(world, pools[0], wave.offers)
        world.now += WAVE_SECONDS


async def _arrive(world: PoolWorld, pool: PoolService, game: str) -> None:
    rng = world.rng
    member = world.member()
    partner = None
    if teams_game(game) and rng.random() < PAIR_SHARE:
        partner = world.member()
    cancel_at = world.now + rng.uniform(5, 60) if rng.random() < CANCEL_SHARE else None
    for user in (member, partner):
        if user is None:
            continue
        world.waiting[user] = Waiting(
            user, game, world.ratings[user], world.now, cancel_at, partner
        )
        if world.met.get(user) and rng.random() < BLOCK_SHARE:
            blocked = rng.choice(world.met[user])
            await pool.storage.block(user, blocked)
            world.blocks.add((user, blocked))
    joining = _joining(world, member)
    await pool.enter(game, joining, _joining(world, partner) if partner else None)
    world.count("entered", 1 + (partner is not None))


def _joining(world: PoolWorld, member: int) -> Joining:
    return Joining(member, world.ratings[member], None, "en", 1, f"token-{member}")


async def _cancels(world: PoolWorld, pool: PoolService) -> None:
    """Members who cancel now."""
    for stay in list(world.waiting.values()):
        cancels = stay.cancel_at is not None and stay.cancel_at <= world.now
        if stay.user_id not in world.waiting or stay.partner == stay.user_id or not cancels:
            continue
        if await pool.leave(stay.user_id):
            for user in _with_partner(world, stay):
                world.waiting.pop(user, None)
            world.count("cancelled")


async def _offers(world: PoolWorld, pool: PoolService, offers: list[dict[str, Any]]) -> None:
    """Members a wave offered the bot: some take it (a member offered twice counts)."""
    for row in offers:
        world.count("bot_offers")
        stay = world.waiting.get(row["user_id"])
        if stay is None or stay.partner == stay.user_id:  # a pair answers by its first
            continue
        if world.rng.random() >= BOT_TAKERS:
            continue
        if await pool.to_bot(stay.user_id) is None:
            continue
        for user in _with_partner(world, stay):
            world.waiting.pop(user, None)
            world.waits.append(world.now - stay.since)
            world.busy_until[user] = world.now + MATCH_MINUTES[stay.game] * 60
        world.count("bot_taken")


def _with_partner(world: PoolWorld, stay: Waiting) -> list[int]:
    return [stay.user_id] + ([stay.partner] if stay.partner else [])


async def _wave(world: PoolWorld, pool: PoolService) -> Wave:
    """A wave of every game's pool, each timed whole."""
    done = []
    for game in world.games:
        started = time.perf_counter()
        done.append(await pool.wave(game))
        world.wave_ms.append((time.perf_counter() - started) * 1000)
    return Wave(
        [pairing for wave in done for pairing in wave.pairings],
        [offer for wave in done for offer in wave.offers],
    )


async def _paired(world: PoolWorld, storage: Storage, pairing_id: int) -> None:
    pairing = await storage.pairing(pairing_id)
    assert pairing is not None
    sides = pairing["data"]["sides"]
    members = [m for side in sides for m in side]
    ratings = [sum(world.ratings[m] for m in side) / len(side) for side in sides]
    world.gaps.append(round(abs(ratings[0] - ratings[1])))
    world.count("matches")
    length = max(3.0, world.rng.gauss(MATCH_MINUTES[pairing["game"]], 3)) * 60
    for member in members:
        stay = world.waiting.pop(member, None)
        if stay is None:
            world.count("double_paired")
            continue
        world.waits.append(world.now - stay.since)
        world.busy_until[member] = world.now + length
        world.met.setdefault(member, []).extend(m for m in members if m != member)
    for blocker, blocked in world.blocks:
        if blocker in members and blocked in members:
            world.count("blocked_pairs")


async def _account(world: PoolWorld, storage: Storage) -> None:
    """Members the simulation thinks are waiting must be in the pool, and no more."""
    rows = {row["user_id"] for row in await storage.pool_entries()}
    world.count("lost_entries", len(set(world.waiting) - rows) + len(rows - set(world.waiting)))


async def _thousand_waiting(storage: Storage) -> float:
    """One wave (``PoolService.wave``, whole) with 1,000 members waiting for one game,
    in ms."""
    rng = random.Random(1000)
    pool = PoolService(storage, lambda: START)
    for member in range(10**9, 10**9 + 1000):
        rating = round(rng.gauss(1050, 200))
        await pool.enter("escoba", Joining(member, rating, None, "en", 1, "t"))
    started = time.perf_counter()
    await pool.wave("escoba")
    return (time.perf_counter() - started) * 1000


def _report(
    world: PoolWorld, minutes: float, processes: int, database: str | None, seconds: float
) -> dict[str, Any]:
    counts = world.counts
    return {
        "benchmark": "pool",
        "database": described(database),
        "processes": processes,
        "minutes": minutes,
        "games": list(world.games),
        "arrivals_per_minute_per_game": world.arrivals,
        "entered": counts.get("entered", 0),
        "matches": counts.get("matches", 0),
        "wait_s_p50": percentile(world.waits, 0.5),
        "wait_s_p90": percentile(world.waits, 0.9),
        "rating_gap_p50": percentile([float(g) for g in world.gaps], 0.5),
        "rating_gap_p90": percentile([float(g) for g in world.gaps], 0.9),
        "blocked_pairs": counts.get("blocked_pairs", 0),
        "double_paired": counts.get("double_paired", 0),
        "lost_entries": counts.get("lost_entries", 0),
        "wave_ms_max": round(max(world.wave_ms), 2),
        "wave_ms_1000_waiting": round(world.wave_ms[-1], 2),
        "bot_offers": counts.get("bot_offers", 0),
        "bot_taken": counts.get("bot_taken", 0),
        "cancelled": counts.get("cancelled", 0),
        "seconds": round(seconds, 1),
    }
