"""A table's clock: the automatic moves (a bot's turn, a member's timer running out)
and when the publisher must wake up for the next one.

Bursts merge: a move is published at once, unless a bot's answer is due within
``publish_pause`` (it waits ``bot_pause``): then the answer is played first and both
are shown by one board edit. Timing reads the service's clock (Discord's; SimCord's
in tests), so waits agree with the turn timers.
"""

from __future__ import annotations

import asyncio

from ..ai.seats import STAND_IN
from ..tables import Table, bot_view, is_slow
from .context import TableContext


class TableClock:
    """Plays the automatic moves of one table when they fall due."""

    def __init__(self, context: TableContext) -> None:
        self.context = context

    def due_in(self, table: Table) -> float | None:
        """Seconds until the next automatic move: a bot's (``bot_pause`` after the last
        change), or the stand-in's for a member whose turn timer runs out; None if none."""
        if table.status != "playing":
            return None
        context = self.context
        clicks = table.settings.clicks  # nothing shown unasked: bots answer at once
        if table.seats[table.match.turn].autoplayed:
            pause = 0 if clicks else context.timings.bot_pause
            return context.changed_at + pause - context.now()
        if clicks:  # a turn whose time is up waits to be claimed
            return 0 if table.turn.claimed else None
        if table.turn.deadline and not is_slow(table):  # a slow turn's is the sweep's
            return table.turn.deadline - context.now()
        return None

    async def play_due_moves(self) -> None:
        """Play the automatic moves due now, and those due within ``publish_pause``
        (waiting for them), so a move and the bots' answers are published together.
        The table is read afresh each time: every saved change is a new ``Table``."""
        while (table := self.context.table()) is not None:
            wait = self.due_in(table)
            if wait is None or wait > self.context.timings.publish_pause:
                return
            if wait > 0:
                await asyncio.sleep(wait)
            elif not await self._play_automatic(table):
                return

    async def _play_automatic(self, table: Table) -> bool:
        """Play the move of a bot, a seat taken over, or a member whose timer ran out;
        False when the table moved on meanwhile."""
        context = self.context
        seat = table.seats[table.match.turn]
        version = table.version
        level = seat.bot or STAND_IN
        with context.port.metrics.ai_decision.labels(level).time():
            move = await context.port.bots.decide(
                level, table.match.game, bot_view(table), f"{table.id}/{version}"
            )
        timed_out = not seat.autoplayed
        outcome = await context.service.play_for(table.id, version, move, timed_out=timed_out)
        if outcome is None:
            return False
        if outcome.took_over:
            context.notices.append(("seat.taken_over", {"mention": f"<@{seat.user_id}>"}))
        return True
