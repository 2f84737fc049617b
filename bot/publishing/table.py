"""One table's publisher: it brings Discord in line with the saved table.

Handlers change a table through the service (which saves it) and then poke the
table's publisher. Its loop compares the table with what Discord shows and makes the
calls that close the gap, in order: the lobby message, the results of finished hands,
the board, every member's panels, the lines waiting, the turn ping. A bot's move, a
turn timer running out and a retry after a failed call are steps of the same loop
(``clock``), so there is one code path from "the table changed" to "Discord shows it".

Failed calls that can succeed later (a 5xx, a time-out) are retried with a growing
back-off (Discord's 429s are waited out by discord.py itself); a refusal that would
only come again (a 400, a missing permission) is logged once, the host is told about a
missing permission, and it is not retried until the table changes again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from ..storage import ClaimLost
from ..storage.faults import CONNECTION_LOST
from ..tables import Table
from .board import BoardKeeper
from .clicks import ClickKeeper
from .clock import TableClock
from .context import TableContext
from .messages import ChannelMessages
from .panels import PanelKeeper
from .pings import Pinger

log = logging.getLogger(__name__)

RETRY_SECONDS = (1, 2, 5, 10, 30)


class TablePublisher:
    """Brings Discord in line with one table. ``poke`` runs its loop if it is idle."""

    def __init__(self, context: TableContext, on_closed) -> None:
        self.context = context
        self.on_closed = on_closed
        """Called once the table is over and everything about it is shown."""
        self.clock = TableClock(context)
        self.messages = ChannelMessages(context)
        self.board = BoardKeeper(context)
        self.panels = PanelKeeper(context, self.board)
        self.pings = Pinger(context, self.board, self.panels)
        self.clicks = ClickKeeper(context)
        self.dirty = False
        self.failures = 0
        self.refusals: set[tuple[int, int]] = set()
        """The permanent refusals logged so far, as (status, code)."""
        self.worker: asyncio.Task | None = None
        self.alarm: asyncio.Task | None = None

    # -- the loop ----------

    def poke(self) -> None:
        self.dirty = True
        self.context.changed_at = self.context.now()
        self._run()

    def cancel(self) -> None:
        for task in (self.worker, self.alarm):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _run(self) -> None:
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())

    async def _work(self) -> None:
        while self.dirty:
            self.dirty = False
            try:
                await self._step()
            except ClaimLost:
                return  # another process drives the table now: it shows it
            except Exception:
                log.exception("%s: publishing failed", self.context.where())
                self._retry_later()

    async def _step(self) -> None:
        try:  # a table whose last save is unsure is read again first
            await self.context.service.catch_up(self.context.table_id)
        except CONNECTION_LOST as exc:
            log.warning("%s: the database is out of reach (%s)", self.context.where(), exc)
            self._retry_later()
            return
        await self.clock.play_due_moves()
        table = self.context.table()
        if table is None or not self.context.service.serves(table):
            return
        try:
            await self._reconcile(table)
        except discord.HTTPException as exc:
            worth_it = table.is_live or self.failures < len(RETRY_SECONDS)
            if can_succeed_later(exc) and worth_it:
                log.warning("%s: Discord refused a call: %s", self.context.where(), exc)
                self._retry_later()
                return
            await self._refused_for_good(table, exc)
        self.failures = 0
        if not table.is_live:
            self.on_closed(table.id)
            self.cancel()
            return
        delay = self.clock.due_in(table)
        if delay is not None:
            self._wake_in(max(delay, 0))

    async def _refused_for_good(self, table: Table, exc: discord.HTTPException) -> None:
        """A refusal that would only come again (a 400, a missing permission…): no retry.
        The next change of the table tries again. Logged once per kind of refusal, with
        what Discord said; a missing permission is told to the host, once."""
        kind = (exc.status, exc.code)
        if kind in self.refusals:
            return
        self.refusals.add(kind)
        log.error(
            "%s: Discord refused a call for good (%s, code %s): %s",
            self.context.where(),
            exc.status,
            exc.code,
            exc.text,
        )
        if exc.status == 403 and table.is_live:
            await self.messages.tell_host(table, "publish.forbidden")

    def _retry_later(self) -> None:
        delay = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
        self.failures += 1
        self._wake_in(delay)

    def _wake_in(self, delay: float) -> None:
        if self.alarm is not None and self.alarm is not asyncio.current_task():
            self.alarm.cancel()
        self.alarm = asyncio.create_task(self._wake_after(delay))

    async def _wake_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.dirty = True
        self._run()

    # -- reconciling ----------

    async def _reconcile(self, table: Table) -> None:
        context = self.context
        before = context.shown.model_dump()
        if table.settings.tournament and table.thread_id is None and table.is_live:
            await self.messages.open_for_tournament(table)
            table = context.table() or table
        try:
            if table.settings.quick:
                await self._seats(table)
            elif table.settings.clicks:
                await self._clicks(table)
            else:
                await self._channel(table)
            if not table.settings.clicks:  # a ping would need the bot to post
                await self.pings.publish(table)
        finally:
            after = context.shown.model_dump()
            if _worth_saving(before, after):
                await context.service.storage.save_shown(table.id, after)
        while context.doomed:
            await _delete(context.doomed.pop())

    async def _channel(self, table: Table) -> None:
        """A table in a channel: its lobby, results, board, panels and notices there."""
        await self.messages.lobby(table)
        posted = await self.messages.results(table)
        if table.state is not None:
            if posted and table.status == "playing" and self.context.timings.hand_pause > 0:
                await asyncio.sleep(self.context.timings.hand_pause)
            await self.board.publish(table)
            await self.panels.publish(table)
        await self.messages.notices(table)

    async def _seats(self, table: Table) -> None:
        """A quick-play table: each member's seat message in their DMs is all of it
        (results and notices included)."""
        self.context.shown.results_posted = len(table.log.results)
        self.context.notices.clear()
        await self.panels.publish(table)

    async def _clicks(self, table: Table) -> None:
        """A friends' table in a DM or group DM: everything rides on its members'
        clicks (``clicks``), the hands on their "My hand" clicks."""
        await self.clicks.publish(table)
        if table.state is not None:
            await self.panels.publish(table)

    # -- what handlers ask ----------

    async def open(
        self,
        interaction: discord.Interaction,
        table: Table,
        can_thread: bool,
        invite: str | None = None,
    ) -> None:
        """Show a new table's lobby as the answer to the command that opened it, and open
        its thread when the channel allows."""
        message = await self.messages.open(interaction, table, invite)
        if table.settings.clicks:
            self.clicks.hold(interaction, message.id)
        if can_thread:
            await self.messages.open_thread(message, table)
        self.poke()

    async def show_hand(self, interaction: discord.Interaction, table: Table, seat: int) -> None:
        """ "My hand": the seat's panel, kept up to date from then on; clicked on a
        click-driven table's board, a private follow-up, the click's token going on
        editing the board."""
        if table.settings.clicks and interaction.message is not None:
            self.clicks.hold(interaction)
            await self.panels.show_aside(interaction, table, seat)
            self.poke()
        else:
            await self.panels.show(interaction, table, seat)
        self.pings.note(interaction, table)

    async def bring_here(self, interaction: discord.Interaction, table: Table) -> None:
        """``/table`` at a friends' table: its board, as the command's answer, is the
        table's message from now on (the old one is no longer kept up to date)."""
        await interaction.response.defer(thinking=True)
        await self.clicks.retire(table.locale)
        message = await interaction.original_response()
        self.context.shown.lobby_message_id = message.id
        await self.context.service.storage.save_shown(table.id, self.context.shown.model_dump())
        self.clicks.hold(interaction, message.id)
        self.clicks.stale()
        self.poke()

    def repost(self) -> None:
        """``/table``: the board again, at the bottom of the conversation."""
        self.board.repost()
        self.poke()


def can_succeed_later(exc: discord.HTTPException) -> bool:
    """Rate limits (discord.py waits them out, a 429 that still reaches us is worth a
    retry) and Discord's own failures can succeed later; other refusals cannot."""
    return exc.status == 429 or exc.status >= 500


def _worth_saving(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether the record changed in a way a restart needs: not when only a ping went
    (deleting it again after a restart is harmless), so a turn's ping costs one write."""
    if after == before:
        return False
    gone = {**before, "ping": [], "ping_channel": None}
    return bool(after["ping"]) or after != gone


async def _delete(message: discord.PartialMessage) -> None:
    """Delete a message of ours if it is still there."""
    with contextlib.suppress(discord.HTTPException):
        await message.delete()
