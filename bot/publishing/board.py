"""The board: one Components V2 message per hand, edited as the table changes (at
most 5 edits per 5 seconds a channel), posted afresh for a new hand, and, without a
thread, again at the bottom once ``BURIED_AFTER`` other messages have buried it."""

from __future__ import annotations

import asyncio
import collections
from typing import Any

import discord

from ..screens.board import board_layout, board_pictures
from ..tables import Table
from .context import TableContext

BURIED_AFTER = 5
EDITS_PER_WINDOW = 5


def shown_version(table: Table) -> tuple[Any, ...]:
    """What a board or panel shows changes with every version of the table (and a
    quick-play seat's with every reaction)."""
    reactions = table.log.reactions
    return (table.version, table.status, tuple(reactions[-1]) if reactions else ())


class BoardKeeper:
    """Keeps one table's board message in line with the table."""

    def __init__(self, context: TableContext) -> None:
        self.context = context
        self.key: Any = None
        self.buried = 0
        """Other messages posted under the board since it was (in a channel)."""
        self.edits: collections.deque[float] = collections.deque(maxlen=EDITS_PER_WINDOW)

    def repost(self) -> None:
        """``/table``: the board again, at the bottom of the conversation."""
        self.buried = BURIED_AFTER

    async def publish(self, table: Table) -> None:
        shown = self.context.shown
        key = (*shown_version(table), table.turn.deadline, repr(table.seats))
        hand = table.match.hand_no
        playing = table.status == "playing"
        fresh = shown.board_message_id is None or shown.board_hand != hand
        fresh = playing and (fresh or self.buried >= BURIED_AFTER)
        if not fresh and (key == self.key or shown.board_message_id is None):
            return
        if not fresh and shown.board_message_id is not None and await self._edit(table):
            self.key = key
            return
        await self._post(table)
        self.key, self.buried = key, 0

    async def _edit(self, table: Table) -> bool:
        """Edit the board in place; False when it was deleted."""
        await self._edit_slot()
        board_id = self.context.shown.board_message_id
        channel = self.context.channel(table.play_channel_id)
        try:
            await channel.get_partial_message(board_id or 0).edit(
                view=self._layout(table), attachments=await board_pictures(table)
            )
        except discord.NotFound:
            return False
        return True

    async def _post(self, table: Table) -> None:
        context = self.context
        channel = context.channel(table.play_channel_id)
        message = await channel.send(view=self._layout(table), files=await board_pictures(table))
        old = context.shown.board_message_id
        context.shown.board_message_id = message.id
        context.shown.board_hand = table.match.hand_no
        if old is not None:
            context.doomed.append(channel.get_partial_message(old))

    def _layout(self, table: Table) -> discord.ui.LayoutView:
        watching = self.context.watching(table.id)
        return board_layout(table, table.locale, self.context.port.card_faces, watchers=watching)

    async def _edit_slot(self) -> None:
        """Wait until the board may be edited again (5 edits per 5 seconds a channel)."""
        now = self.context.now()
        slot = now
        if len(self.edits) == EDITS_PER_WINDOW:
            slot = max(now, self.edits[0] + self.context.timings.edit_window)
            await asyncio.sleep(slot - now)
        self.edits.append(slot)

    def url(self, table: Table) -> str | None:
        board_id = self.context.shown.board_message_id
        if board_id is None:
            return None
        return f"https://discord.com/channels/{table.guild_id}/{table.play_channel_id}/{board_id}"
