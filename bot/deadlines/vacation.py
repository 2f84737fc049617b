"""A member's vacation: every slow clock of theirs stands still for up to
``VACATION_DAYS`` days a year (the year of its start, UTC), the others at each table
told until when. Ended early, the days not used are given back."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import discord

from ..publishing import Publisher
from ..publishing.port import DiscordPort, send_dm
from ..screens.slow import paused_text
from ..tables import Table, TableError, TableService, is_slow

log = logging.getLogger(__name__)

VACATION_DAYS = 14
DAY = 86400.0


class Vacations:
    """Starting and ending members' vacations."""

    def __init__(self, port: DiscordPort, service: TableService, publisher: Publisher) -> None:
        self.port, self.service, self.publisher = port, service, publisher
        self.storage = service.storage

    async def days_left(self, user_id: int, now: float) -> float:
        """The vacation days the member has left this year (days in use count as used)."""
        return _days_left(_used(await self.storage.slow_settings(user_id), now))

    async def start(self, user_id: int, days: int) -> float | None:
        """Pause the member's slow clocks for ``days`` days from now (0: back now); until
        when (None: back). ``TableError("vacation.too_long")`` beyond the days left."""
        now = self.service.clock()
        settings = await self.storage.slow_settings(user_id)
        used = _used(settings, now)
        current = settings["vacation_until"]
        if current is not None and current > now:  # the days not used come back
            used = max(used - (current - now), 0.0)
        if days * DAY > VACATION_DAYS * DAY - used + 1:
            raise TableError("vacation.too_long", days=days, left=int(_days_left(used)))
        until = now + days * DAY if days else None
        await self.storage.set_slow_settings(
            user_id, vacation_until=until, vacation_year=_year(now), vacation_used=used + days * DAY
        )
        for table in self._slow_tables_of(user_id):
            changed = await self.service.pause_clock(table.id, user_id, until)
            self.publisher.poke(table.id)
            await self._tell_others(changed, user_id, until)
        return until

    def _slow_tables_of(self, user_id: int) -> list[Table]:
        return [
            table
            for table in self.service.live_for(user_id)
            if is_slow(table) and table.status == "playing"
        ]

    async def _tell_others(self, table: Table, user_id: int, until: float | None) -> None:
        """Each other member of the table learns the clock is paused, and until when."""
        seat = table.seat_of(user_id)
        if seat is None:
            return
        for other in table.seats:
            if other.bot is not None or other.user_id == user_id:
                continue
            text = paused_text(table, seat, other.locale, until)
            try:
                await send_dm(self.port, other.user_id, text)
            except discord.HTTPException as exc:
                log.info("table %s: a vacation could not be told: %s", table.id, exc)


def _year(now: float) -> str:
    return str(datetime.fromtimestamp(now, UTC).year)


def _used(settings: dict[str, Any], now: float) -> float:
    """The seconds of vacation the member took this year (days in use count as used)."""
    return settings["vacation_used"] if settings["vacation_year"] == _year(now) else 0.0


def _days_left(used: float) -> float:
    return max(VACATION_DAYS - used / DAY, 0.0)
