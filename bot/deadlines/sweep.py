"""The deadline sweep: a loop in every process that fires the due deadlines of the
tables it drives (its shards'), read from the database, so a restart loses none.

- A reminder is claimed in the database (fenced, as a table write) before it is sent:
  two processes, or one restarted in the middle, never send it twice (a kill between
  the claim and the send loses that one reminder, never the turn's time out). A member
  who acted at the table in the last ``ACTIVE_SECONDS`` is reminded later, if still
  needed.
- A time out is a table change (``TableService.time_out``), fenced and conditional on
  the turn as every move is: it happens once, whoever gets there first.
- Time the bot was away is not charged: at start, a process whose shards' last sweep
  is more than ``CREDIT_AFTER`` seconds old gives every slow turn of its tables that
  time back (``TableService.give_time``).
- The loop sleeps until the next deadline, ``max_sleep`` at most (``SWEEP_SECONDS``),
  and wakes when a save here writes an earlier one.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

import discord

from ..ai.seats import STAND_IN
from ..publishing import Publisher
from ..publishing.port import DiscordPort, send_dm
from ..screens.slow import digest_text, reminder_text, timed_out_text
from ..tables import Table, TableService, bot_view, is_slow

log = logging.getLogger(__name__)

MAX_SLEEP = 600.0
"""How long the sweep sleeps at most, by default (``Settings.sweep_seconds``)."""
ACTIVE_SECONDS = 300.0
HOUR = 3600.0
BATCH = 200


class DeadlineSweep:
    """Fires the due deadlines of this process's tables."""

    def __init__(
        self,
        port: DiscordPort,
        service: TableService,
        publisher: Publisher,
        *,
        max_sleep: float = MAX_SLEEP,
    ) -> None:
        self.port, self.service, self.publisher = port, service, publisher
        self.storage = service.storage
        self.max_sleep = max_sleep
        self._task: asyncio.Task | None = None
        self._wake_at = float("inf")
        """When the sweep's sleep ends (infinity while it sweeps)."""
        service.on_deadline.append(self._note_deadline)
        self.fired: dict[str, int] = {"remind": 0, "timeout": 0, "postponed": 0, "digest": 0}
        """Deadlines fired so far by kind (the benchmark reads them)."""

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        try:
            await self.credit_time_away()
        except Exception:
            log.exception("cannot give slow turns back the time the bot was away")
        await self._loop()

    async def _loop(self) -> None:
        while True:
            try:
                await self.sweep()
                pause = await self._pause()
            except Exception:
                log.exception("cannot sweep the slow tables' deadlines; trying again")
                pause = self.max_sleep / 10
            self._wake_at = self.service.clock() + pause
            try:
                await asyncio.sleep(pause)
            finally:
                self._wake_at = float("inf")  # sweeping: a new deadline is read after

    def _note_deadline(self, due_at: float) -> None:
        """A save wrote a deadline: a sleep that would outlast it starts over."""
        if due_at < self._wake_at and self._task is not None:
            self._task.cancel()
            self._wake_at = float("inf")
            self._task = asyncio.create_task(self._loop())

    async def credit_time_away(self) -> float:
        """Give every slow turn of this process's tables the time since the last sweep
        of its shards, when that is more than twice ``max_sleep``; the seconds given."""
        now = self.service.clock()
        last = await self.storage.last_swept(self.service.shards)
        await self.storage.mark_swept(self.service.shards, now)
        away = now - last if last is not None else 0.0
        if away <= 2 * self.max_sleep:
            return 0.0
        for table in list(self.service.tables.values()):
            if is_slow(table) and table.turn.deadline is not None:
                await self.service.give_time(table.id, away)
                self.publisher.poke(table.id)
        log.info("slow turns were given back %.0f s: the bot was away", away)
        return away

    async def sweep(self) -> int:
        """Fire every deadline due now; how many were due."""
        now = self.service.clock()
        due = await self.storage.due_deadlines(now, self.service.shards, limit=BATCH)
        for row in due:
            try:
                await self._fire(row, now)
            except Exception:
                log.exception("table %s: cannot fire its %s deadline", row["table_id"], row["kind"])
        await self.send_digests(now)
        await self.storage.mark_swept(self.service.shards, now)
        return len(due)

    async def send_digests(self, now: float) -> int:
        """The daily digests due this hour (UTC) and not sent today, each claimed once
        before it is sent; how many were sent."""
        at = datetime.fromtimestamp(now, UTC)
        sent = 0
        for row in await self.storage.due_digests(at.hour, at.date().isoformat()):
            if not await self.storage.claim_digest(row["user_id"], at.date().isoformat()):
                continue
            lang = await self._language_of(row["user_id"])
            try:
                await send_dm(self.port, row["user_id"], digest_text(row["waiting"], lang))
                sent += 1
            except discord.HTTPException as exc:
                log.info("a digest could not be sent: %s", exc)
        self.fired["digest"] += sent
        return sent

    async def _language_of(self, user_id: int) -> str:
        """The language of a member's seat at one of their tables here (English else)."""
        for table in self.service.live_for(user_id):
            seat = table.seat_of(user_id)
            if seat is not None:
                return table.seats[seat].locale
        return "en"

    async def _pause(self) -> float:
        """Seconds until the next deadline, ``max_sleep`` at most, and no later than the
        next hour a member chose for their digest."""
        now = self.service.clock()
        soon = now + self.max_sleep
        if (digest := await self._next_digest_hour(now)) is not None:
            soon = min(soon, digest)
        upcoming = await self.storage.due_deadlines(soon, self.service.shards, limit=1)
        return max((upcoming[0]["due_at"] if upcoming else soon) - now, 0.0)

    async def _next_digest_hour(self, now: float) -> float | None:
        """When the next hour some member chose for their digest begins, if any did."""
        hours = await self.storage.digest_hours()
        after = now - now % HOUR + HOUR  # the next hour's start
        return min((digest_hour_starts(after, hour) for hour in hours), default=None)

    async def _fire(self, row: dict[str, Any], now: float) -> None:
        table = self.service.tables.get(row["table_id"])
        if table is None or not table.is_live:
            await self.storage.drop_deadlines(row["table_id"])
            return
        if table.turn.opened != row["turn"]:
            return  # the table moved on: its save replaced this row already
        if row["kind"] == "remind":
            await self._remind(table, row, now)
        else:
            await self._time_out(table, row)

    async def _remind(self, table: Table, row: dict[str, Any], now: float) -> None:
        user_id = row["user_id"]
        acted = self.publisher.last_acted(table.id, user_id)
        later = (acted or 0) + ACTIVE_SECONDS
        deadline = table.turn.deadline or now
        if acted is not None and later > now and later < deadline:
            await self.storage.postpone_reminder(table.id, row["turn"], later)
            self.fired["postponed"] += 1
            return
        if not await self.storage.claim_reminder(table.id, table.guild_id, row["turn"]):
            return
        if not (await self.storage.slow_settings(user_id))["slow_reminders"]:
            return  # switched off in /profile
        self.fired["remind"] += 1
        seat = table.seat_of(user_id)
        if seat is None:
            return
        text = reminder_text(table, seat, table.seats[seat].locale)
        try:
            await send_dm(self.port, user_id, text)
        except discord.HTTPException as exc:
            log.info("table %s: a reminder could not be sent: %s", table.id, exc)

    async def _time_out(self, table: Table, row: dict[str, Any]) -> None:
        """The stand-in plays the turn (or a second time out in a row forfeits)."""
        seed = f"{table.id}/{table.version}"
        move = await self.port.bots.decide(STAND_IN, table.match.game, bot_view(table), seed)
        outcome = await self.service.time_out(table.id, row["turn"], move)
        if outcome is None:
            return
        self.fired["timeout"] += 1
        player = table.seats[outcome.seat]
        forfeited = outcome.kind == "forfeited"
        key = "slow.forfeited" if forfeited else "slow.stand_in"
        self.publisher.poke(table.id, notice=(key, {"mention": f"<@{player.user_id}>"}))
        text = timed_out_text(table, player.locale, forfeited=forfeited)
        try:
            await send_dm(self.port, player.user_id, text)
        except discord.HTTPException as exc:
            log.info("table %s: a time out could not be told: %s", table.id, exc)


def digest_hour_starts(now: float, hour: int) -> float:
    """When the UTC ``hour`` begins next: this hour's start while it is under way."""
    return now - now % HOUR + ((hour - datetime.fromtimestamp(now, UTC).hour) % 24) * HOUR
