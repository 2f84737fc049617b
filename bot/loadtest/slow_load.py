"""``python -m bot.loadtest slow``: slow matches played through the real table service,
storage and deadline sweep on a simulated clock, with members who answer at their own
times: most within their turn, some late (the stand-in plays, or they forfeit), some
on vacation, some never. No Discord: the members' DMs are counted where the bot sends
them (a turn message whenever the publisher would send one, reminders, digests).

What it prints, one JSON line:
- ``reminders_per_turn_max`` (≤ 1), ``reminders_while_active`` (0: none sent to a member
  who acted at that table in the last ``ACTIVE_SECONDS``), ``digests_per_member_day_max``
  (≤ 1), ``double_moves`` (0: two moves saved for one turn), ``lost_deadlines`` (0: a
  slow table in play whose saved deadlines are not its turn's, or a deadline left
  unfired well past its time), ``forfeits``, ``finished``, ``median_days_per_match`` by
  pace and format, ``turn_message_calls_per_move`` (the rate-limited calls the turn
  messages cost), and ``sweep_ms_p95`` with ``--pending`` deadlines waiting.
- With ``--processes 2`` two services share the database, each driving half the
  servers; halfway one is stopped in the middle of a sweep (after it claimed a
  reminder, before it sent it) and the other takes its servers over, as after a kill.
"""

from __future__ import annotations

import heapq
import random
import statistics
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from typing import Any, cast

from ..ai import greedy
from ..deadlines import DeadlineSweep
from ..deadlines.sweep import ACTIVE_SECONDS
from ..publishing.panels import slow_news
from ..storage import Shards, Storage
from ..tables import PACES, Seat, Table, TableError, TableService, TableSettings
from ..tables.pace import deadlines_of
from .metering import percentile
from .scratch import benchmark_database, described

DAY = 86400.0
START = datetime(2026, 1, 5, tzinfo=UTC).timestamp()
FORMATS = (("scopa", 11), ("escoba", 21), ("scopa", 1))
KINDS = (("prompt", 0.55), ("late", 0.25), ("vacation", 0.12), ("never", 0.08))
"""How the simulated members answer, and how many of them do so."""


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Members:
    """What the bot sends to members (counted) and how they answer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.kind: dict[int, str] = {}
        self.acted: dict[tuple[int, int], float] = {}
        self.reminders: Counter[tuple[int, int, int]] = Counter()
        """(table, member, turn) → reminders sent for that turn."""
        self.told: dict[tuple[int, int], int] = {}
        """(table, member) → the turn their last turn message was for."""
        self.reminders_while_active = 0
        self.digests: Counter[tuple[int, str]] = Counter()
        self.lines = 0
        self.clock: Clock | None = None
        self.bots = self

    def kind_of(self, user_id: int) -> str:
        if user_id not in self.kind:
            roll, total = self.rng.random(), 0.0
            for kind, share in KINDS:
                total += share
                if roll <= total:
                    self.kind[user_id] = kind
                    break
            else:
                self.kind[user_id] = "prompt"
        return self.kind[user_id]

    async def decide(self, level: str, game: Any, view: Any, seed: str) -> int:
        """The stand-in, here the normal bot (the hard one's search is not measured)."""
        return greedy(game, view, random.Random(seed))

    async def create_dm(self, user: Any) -> Any:
        return _DM(self, user.id)

    def poke(self, table_id: int, **_: Any) -> None:
        """The publisher's part is counted by the run itself (``turn messages``)."""

    def last_acted(self, table_id: int, user_id: int) -> float | None:
        return self.acted.get((table_id, user_id))


class _DM:
    def __init__(self, members: Members, user_id: int) -> None:
        self.members, self.user_id = members, user_id

    async def send(self, text: str, **_: Any) -> None:
        members = self.members
        members.lines += 1
        now = members.clock() if members.clock else 0.0
        if "is due" in text:
            table = int(text.split("#")[1].split(":")[0])
            turn = members.told.get((table, self.user_id), 0)
            members.reminders[(table, self.user_id, turn)] += 1
            acted = members.acted.get((table, self.user_id))
            if acted is not None and now - acted < ACTIVE_SECONDS:
                members.reminders_while_active += 1
        elif "waiting in" in text:
            day = datetime.fromtimestamp(now, UTC).date().isoformat()
            members.digests[(self.user_id, day)] += 1


class SlowRun:
    """The matches, the members' answers and the sweeps, in simulated time."""

    def __init__(self, services: list[TableService], members: Members, seed: int) -> None:
        self.services = services
        self.members = members
        self.rng = random.Random(seed)
        self.sweeps = [
            DeadlineSweep(cast(Any, members), service, cast(Any, members)) for service in services
        ]
        self.answers: list[tuple[float, int, int, int, bool]] = []
        """(when, table, turn, member, plays) heap of the members' planned looks (they
        open the table, and the bot notes they acted) and moves."""
        self.told = members.told
        self.turn_messages = 0
        self.moves = 0
        self.started: dict[int, float] = {}
        self.ended: dict[int, float] = {}
        self.format: dict[int, str] = {}
        self.turns: Counter[tuple[int, int]] = Counter()

    @property
    def clock(self) -> Clock:
        return cast(Clock, self.services[0].clock)

    def service_of(self, table_id: int) -> TableService:
        return next(s for s in self.services if table_id in s.tables)

    async def open(self, index: int, pace: str) -> None:
        game, target = FORMATS[index // len(PACES) % len(FORMATS)]
        guild = (index % 64) << 22  # spread over the shards
        host, guest = 10_000 + 2 * index, 10_001 + 2 * index
        service = self.services[(index % 64) % len(self.services)]
        options = {"players": 2, "target_score": target}
        table = await service.create(
            guild_id=guild,
            channel_id=guild + 1,
            host=Seat(user_id=host, name=f"m{host}"),
            game=game,
            options=options,
            locale="en",
            settings=_slow(pace),
        )
        await service.join(table.id, Seat(user_id=guest, name=f"m{guest}"))
        table = await service.start(table.id, host)
        self.started[table.id] = self.clock.now
        self.format[table.id] = f"{pace}/{game}:{target}"
        for member in (host, guest):
            if self.members.rng.random() < 0.3:
                await service.storage.set_slow_settings(member, digest_hour=self.rng.randrange(24))
        self.changed(table)

    def changed(self, table: Table) -> None:
        """A table changed: count the turn messages it costs, plan the next answer."""
        for seat, player in enumerate(table.seats):
            news = slow_news(table, seat)
            key = (table.id, player.user_id)
            if news is not None and self.told.get(key) != news:
                self.told[key] = news
                self.turn_messages += 1
        if not table.is_live:
            self.ended.setdefault(table.id, self.clock.now)
            return
        player = table.seats[table.match.turn]
        delay = self._delay(player.user_id, table)
        if delay is not None:
            turn, at = table.turn.opened, self.clock.now + delay
            look = at - self.rng.uniform(60, 0.3 * PACES[table.settings.pace])
            heapq.heappush(
                self.answers, (max(look, self.clock.now), table.id, turn, player.user_id, False)
            )
            heapq.heappush(self.answers, (at, table.id, turn, player.user_id, True))

    def _delay(self, user_id: int, table: Table) -> float | None:
        pace = PACES[table.settings.pace]
        kind = self.members.kind_of(user_id)
        if kind == "never":
            return None
        if kind == "late":
            return self.rng.uniform(0.4, 1.15) * pace
        return self.rng.uniform(0.02, 0.6) * pace

    async def answer(self, table_id: int, turn: int, user_id: int, plays: bool) -> None:
        """The member looks at the table (and the bot notes it), or plays."""
        service = self.service_of(table_id)
        table = service.tables.get(table_id)
        if table is None or not table.is_live or table.turn.opened != turn:
            return
        self.members.acted[(table_id, user_id)] = self.clock.now
        seat = table.seat_of(user_id)
        if not plays:
            return
        if seat is None or table.match.turn != seat:
            return
        view = table.match.observe(seat)
        move = greedy(table.match.game, view, self.rng)
        try:
            await service.choose(table_id, user_id, table.version, move)
        except TableError:
            return
        self.moves += 1
        self.changed(service.tables[table_id])

    async def vacation(self, user_id: int, days: int) -> None:
        until = self.clock.now + days * DAY
        for service in self.services:
            for table in service.live_for(user_id):
                if table.status == "playing":
                    await service.pause_clock(table.id, user_id, until)

    async def sweep_all(self) -> None:
        for sweep, service in zip(self.sweeps, self.services, strict=True):
            before = {t.id: t.version for t in service.tables.values() if t.is_live}
            await sweep.sweep()
            for table_id, version in before.items():
                table = service.tables.get(table_id)
                if table is not None and (table.version != version or not table.is_live):
                    if table.version != version:
                        self.moves += 1
                    self.changed(table)

    async def next_due(self) -> float | None:
        rows = await self.services[0].storage.due_deadlines(
            self.clock.now + 30 * DAY, None, limit=1
        )
        return rows[0]["due_at"] if rows else None


def _slow(pace: str) -> TableSettings:
    return TableSettings(turn_timer=int(PACES[pace]), pace=pace, dm_hands=True)


async def run_slow_benchmark(
    *,
    matches: int,
    days: float,
    database: str | None,
    processes: int,
    pending: int,
    seed: int,
) -> dict[str, Any]:
    """Play ``matches`` slow matches for ``days`` simulated days; the report."""
    async with benchmark_database(database) as url:
        clock = Clock()
        members = Members(random.Random(seed))
        members.clock = clock
        storages = [await Storage.open(url) for _ in range(processes)]
        try:
            return await _run(storages, clock, members, matches, days, pending, seed, database)
        finally:
            for storage in storages:
                await storage.close()


async def _run(storages, clock, members, matches, days, pending, seed, database) -> dict[str, Any]:
    count = len(storages)
    shards = [Shards(tuple(i for i in range(64) if i % count == k), 64) for k in range(count)]
    services = []
    for storage, owned in zip(storages, shards, strict=True):
        await storage.claim_shards(owned if count > 1 else None, f"process {len(services)}")
        services.append(
            TableService(storage, deal_seed=seed, clock=clock, shards=owned if count > 1 else None)
        )
    run = SlowRun(services, members, seed)
    paces = list(PACES)
    for index in range(matches):
        await run.open(index, paces[index % len(paces)])
    vacationers = [u for u, k in members.kind.items() if k == "vacation"]
    holidays = {u: START + run.rng.uniform(0, days * DAY / 2) for u in vacationers}
    end = START + days * DAY
    killed = False
    while clock.now < end:
        due = await run.next_due()
        answer = run.answers[0][0] if run.answers else None
        holiday = min(holidays.values()) if holidays else None
        step = min(t for t in (due, answer, holiday, end) if t is not None)
        clock.now = max(clock.now, step)
        for user, at in list(holidays.items()):
            if at <= clock.now:
                del holidays[user]
                await run.vacation(user, run.rng.randint(3, 7))
        while run.answers and run.answers[0][0] <= clock.now:
            _, table_id, turn, user_id, plays = heapq.heappop(run.answers)
            await run.answer(table_id, turn, user_id, plays)
        await run.sweep_all()
        if count > 1 and not killed and clock.now > START + days * DAY / 2:
            killed = True
            await _take_over(run)
        if all(not t.is_live for s in run.services for t in s.tables.values()):
            break
    report = await _report(run, clock, days)
    report["sweep_ms_p95"] = await _sweep_timing(storages[0], pending, clock)
    report.update(matches=matches, days=days, processes=count, database=described(database))
    return report


async def _take_over(run: SlowRun) -> None:
    """The second process stops in the middle of a sweep (a reminder claimed, not sent),
    and the first takes its shards over: restores its tables and sweeps on."""
    dead, heir = run.services[1], run.services[0]
    rows = await dead.storage.due_deadlines(run.clock.now + DAY, dead.shards, limit=1)
    for row in rows:
        if row["kind"] == "remind":
            await dead.storage.claim_reminder(row["table_id"], row["guild_id"], row["turn"])
    heir.shards = Shards(tuple(range(64)), 64)
    await heir.storage.claim_shards(heir.shards, "process 0 (heir)")
    await heir.restore()
    run.services = [heir]
    run.sweeps = run.sweeps[:1]


async def _report(run: SlowRun, clock: Clock, days: float) -> dict[str, Any]:
    storage = run.services[0].storage
    doubles = await storage.db.fetch_one(
        "SELECT COUNT(*) AS n FROM (SELECT table_id, version FROM moves "
        "GROUP BY table_id, version HAVING COUNT(*) > 1) AS twice"
    )
    lost = 0
    for table in run.services[0].tables.values():
        if not table.is_live or table.status != "playing":
            continue
        saved = await storage.pending_deadlines(table.id)
        wanted = {(d["kind"], d["turn"]) for d in deadlines_of(table)}
        have = {(row["kind"], row["turn"]) for row in saved}
        stale = [r for r in saved if r["kind"] == "timeout" and r["due_at"] < clock.now - 3600]
        lost += int(wanted != have) + len(stale)
    per_format: dict[str, list[float]] = defaultdict(list)
    for table_id, ended in run.ended.items():
        per_format[run.format[table_id]].append((ended - run.started[table_id]) / DAY)
    tables = run.services[0].tables.values()
    return {
        "reminders_per_turn_max": max(run.members.reminders.values(), default=0),
        "reminders_while_active": run.members.reminders_while_active,
        "digests_per_member_day_max": max(run.members.digests.values(), default=0),
        "double_moves": doubles["n"] if doubles else 0,
        "lost_deadlines": lost,
        "forfeits": sum(1 for t in tables if t.end_reason == "timed_out"),
        "finished": sum(1 for t in tables if t.status == "finished"),
        "moves": run.moves,
        "median_days_per_match": {
            name: round(statistics.median(values), 2) for name, values in sorted(per_format.items())
        },
        "turn_message_calls_per_move": round(run.turn_messages / max(run.moves, 1), 3),
        "dm_lines": run.members.lines,
        "simulated_days": round((clock.now - START) / DAY, 1),
    }


async def _sweep_timing(storage: Storage, pending: int, clock: Clock) -> float | None:
    """A sweep's read of the due deadlines with ``pending`` deadlines waiting (spread over
    30 days, a few due at each look), in milliseconds at the 95th percentile."""
    now = clock.now + 60 * DAY
    rng = random.Random(5)

    async def fill(tx: Any) -> None:
        rows = [
            (10_000_000 + i, "timeout", i << 22, 1, 1, now + rng.uniform(0, 30 * DAY), 0)
            for i in range(pending)
        ]
        await tx.execute_many(
            "INSERT INTO deadlines (table_id, kind, guild_id, user_id, turn, due_at, done) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    await storage.db.write(fill)
    timings = []
    for step in range(200):
        at = now + step * 600
        started = time.perf_counter()
        await storage.due_deadlines(at, None, limit=200)
        timings.append((time.perf_counter() - started) * 1000)
    return percentile(timings, 0.95)
