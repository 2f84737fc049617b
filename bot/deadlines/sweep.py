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
- The loop sleeps until the next deadline, ``MAX_SLEEP`` at most: a deadline fires at
  most that late (a new one is always further away than that).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from ..ai.seats import STAND_IN
from ..publishing import Publisher
from ..publishing.port import DiscordPort, send_dm
from ..screens.slow import reminder_text, timed_out_text
from ..tables import Table, TableService, bot_view, is_slow

log = logging.getLogger(__name__)

MAX_SLEEP = 600.0
CREDIT_AFTER = 2 * MAX_SLEEP
ACTIVE_SECONDS = 300.0
BATCH = 200


class DeadlineSweep:
    """Fires the due deadlines of this process's tables."""

    def __init__(self, port: DiscordPort, service: TableService, publisher: Publisher) -> None:
        self.port, self.service, self.publisher = port, service, publisher
        self.storage = service.storage
        self._task: asyncio.Task | None = None
        self.fired: dict[str, int] = {"remind": 0, "timeout": 0, "postponed": 0}
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
        while True:
            try:
                await self.sweep()
                pause = await self._pause()
            except Exception:
                log.exception("cannot sweep the slow tables' deadlines; trying again")
                pause = MAX_SLEEP / 10
            await asyncio.sleep(pause)

    async def credit_time_away(self) -> float:
        """Give every slow turn of this process's tables the time since the last sweep
        of its shards, when that is more than ``CREDIT_AFTER``; the seconds given."""
        now = self.service.clock()
        last = await self.storage.last_swept(self.service.shards)
        await self.storage.mark_swept(self.service.shards, now)
        away = now - last if last is not None else 0.0
        if away <= CREDIT_AFTER:
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
        await self.storage.mark_swept(self.service.shards, now)
        return len(due)

    async def _pause(self) -> float:
        """Seconds until the next deadline, ``MAX_SLEEP`` at most."""
        now = self.service.clock()
        upcoming = await self.storage.due_deadlines(now + MAX_SLEEP, self.service.shards, limit=1)
        return max(upcoming[0]["due_at"] - now, 0.0) if upcoming else MAX_SLEEP

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
