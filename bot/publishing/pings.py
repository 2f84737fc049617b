"""The turn ping: a member whose turn begins gets one message that mentions them,
unless they acted in the last ``ping_quiet`` seconds; the previous ping goes (an
edit would notify nobody).

A ping costs no rate-limited call while a live interaction can carry it: it is sent
as a follow-up of the latest click at the table in its channel (usually the one that
ended the previous turn), with "My hand"; failing that, for a member who plays from
their DMs, as a follow-up of their own latest click there. An old ping is deleted
through the interaction that sent it. Only where no live token exists (a turn that
timed out, a restart) do the REST calls of old go: a reply to the board, a delete.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from ..i18n import tr
from ..screens.ping import ping_message
from ..tables import Table, is_slow
from .board import BoardKeeper
from .context import TOKEN_LIFETIME, Handle, TableContext
from .panels import PanelKeeper

log = logging.getLogger(__name__)

SEND_MARGIN = 30
"""Seconds of life a token must have left to carry a ping (its delete comes later)."""


class Pinger:
    """One table's turn pings."""

    def __init__(self, context: TableContext, board: BoardKeeper, panels: PanelKeeper) -> None:
        self.context = context
        self.board = board
        self.panels = panels
        self.latest: Handle | None = None
        """The latest live click at the table in its channel."""
        self.sent: Handle | None = None
        """The interaction that sent the current ping, while its token lives."""

    def note(self, interaction: discord.Interaction, table: Table) -> None:
        """A click at the table: one in its channel may carry the next ping."""
        if interaction.guild_id is not None and interaction.channel_id == table.play_channel_id:
            message_id = interaction.message.id if interaction.message is not None else 0
            expires = self.context.now() + TOKEN_LIFETIME
            self.latest = Handle(interaction, message_id, expires)

    async def publish(self, table: Table) -> None:
        """One ping a turn for a member who has not just acted; the previous one goes."""
        shown = self.context.shown
        wanted = self._due(table)
        current = shown.ping
        if current and wanted and current[1:] == wanted:
            return
        old_channel = shown.ping_channel or table.play_channel_id
        old_sender = self.sent
        if wanted:
            message_id, channel_id = await self._send(table)
            shown.ping, shown.ping_channel = [message_id, *wanted], channel_id
        else:
            shown.ping, shown.ping_channel, self.sent = [], None, None
        if current:
            await self._delete(current[0], old_channel, old_sender)

    def _due(self, table: Table) -> list[int]:
        """[member id, turn] of the ping the table wants now, or [] for none."""
        if table.status != "playing":
            return []
        seat = table.seats[table.match.turn]
        if is_slow(table) and self.panels.uses_dm(table, seat.user_id):
            return []  # the turn's own message in their DMs tells them
        if seat.autoplayed:
            return []
        current = self.context.shown.ping
        turn = [seat.user_id, table.turn.opened]
        if current and current[1:] == turn:
            return turn
        acted = self.context.acted.get(seat.user_id)
        if acted is not None and self.context.now() - acted < self.context.timings.ping_quiet:
            return []
        return turn

    async def _send(self, table: Table) -> tuple[int, int | None]:
        """Send the ping; its message id and the channel it went to (None: the table's)."""
        player = table.seats[table.match.turn]
        uses_dm = self.panels.uses_dm(table, player.user_id)
        content, view = ping_message(table, table.locale, uses_board=not uses_dm)
        mentions = discord.AllowedMentions(users=True, replied_user=False)
        for handle in self._carriers(table, player.user_id, uses_dm):
            in_dm = handle.interaction.guild_id is None
            followup = handle.interaction.followup
            try:
                if in_dm:  # their cards are right above: no "My hand"
                    text = tr(player.locale, _dm_ping(table), table=table.id)
                    message = await followup.send(text, allowed_mentions=mentions, wait=True)
                else:
                    message = await followup.send(
                        content, view=view, allowed_mentions=mentions, wait=True
                    )
            except discord.HTTPException as exc:
                log.info("%s: a ping's interaction failed: %s", self.context.where(), exc)
                continue
            self.sent = handle
            return message.id, handle.interaction.channel_id if in_dm else None
        self.sent = None
        if table.settings.quick:  # no channel: a line in their DMs, under their seat
            return await self._send_dm(table, player.user_id, player.locale, mentions)
        channel = self.context.channel(table.play_channel_id)
        board_id = self.context.shown.board_message_id
        if board_id is None:
            message = await channel.send(content, view=view, allowed_mentions=mentions)
        else:
            board = channel.get_partial_message(board_id)
            message = await channel.send(
                content, view=view, reference=board, mention_author=False, allowed_mentions=mentions
            )
        return message.id, None

    async def _send_dm(
        self, table: Table, user_id: int, lang: str, mentions: discord.AllowedMentions
    ) -> tuple[int, int | None]:
        channel = await self.context.port.create_dm(discord.Object(user_id))
        text = tr(lang, _dm_ping(table), table=table.id)
        message = await channel.send(text, allowed_mentions=mentions)
        return message.id, channel.id

    def _carriers(self, table: Table, user_id: int, uses_dm: bool) -> list[Handle]:
        """The live interactions that may carry a ping to ``user_id``, best first."""
        soon = self.context.now() + SEND_MARGIN
        carriers = [self.latest] if self.latest is not None else []
        if uses_dm:
            own = self.panels.live_handle(user_id, "dm")
            if own is not None:
                carriers.append(own)
        return [handle for handle in carriers if handle.live(soon)]

    async def _delete(self, message_id: int, channel_id: int, sender: Handle | None) -> None:
        """Delete an old ping through the interaction that sent it, else through REST."""
        if sender is not None and sender.live(self.context.now()):
            with contextlib.suppress(discord.HTTPException):
                await sender.interaction.followup.delete_message(message_id)
                return
        self.context.doomed.append(self.context.channel(channel_id).get_partial_message(message_id))


def _dm_ping(table: Table) -> str:
    """The turn's line in a member's DMs, naming the match as its seat does."""
    return "ping.turn_quick" if table.settings.quick else "ping.turn_dm"
