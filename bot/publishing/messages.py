"""The table's messages in its channel besides the board: the lobby, each hand's
score sheet and the match's result, and the lines waiting to be posted."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from ..i18n import tr
from ..screens.common import end_text
from ..screens.hand_score import hand_score_embed
from ..screens.lobby import lobby_message
from ..screens.match_over import match_over_message
from ..tables import Table
from .context import TableContext
from .port import send_dm

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 1440


class ChannelMessages:
    """Keeps the lobby message, the results and the notices of one table."""

    def __init__(self, context: TableContext) -> None:
        self.context = context
        self.lobby_interaction: discord.Interaction | None = None
        """The latest lobby click: its token edits the lobby message for free."""
        self.lobby_key: Any = None

    async def open(
        self, interaction: discord.Interaction, table: Table, invite: str | None
    ) -> discord.Message:
        """Show a new table's lobby as the answer to the command that opened it (with
        ``invite``, a rematch's line to the finished match's members)."""
        embed, view = lobby_message(table, table.locale)
        message = await interaction.edit_original_response(
            content=invite,
            embed=embed,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        context = self.context
        context.shown.lobby_message_id = message.id
        await context.service.storage.save_shown(table.id, context.shown.model_dump())
        self.lobby_key = None
        return message

    async def open_thread(
        self, message: discord.Message | discord.PartialMessage, table: Table
    ) -> None:
        """The table's own thread, opened from its lobby message."""
        lang = table.locale
        name = tr(lang, "thread.name", game=tr(lang, f"game.{table.game}"), table=table.id)
        try:
            thread = await message.create_thread(
                name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.HTTPException as exc:
            log.warning("%s: could not open a thread: %s", self.context.where(), exc)
        else:
            await self.context.service.set_thread(table.id, thread.id)

    async def open_for_tournament(self, table: Table) -> None:
        """A tournament's table: its first message in the tournament's channel, then its
        thread, where the match is played (in the channel itself where the bot may not
        open threads: the sandbox, or a server that took the permission back)."""
        shown = self.context.shown
        found = self.context.port.get_channel(table.channel_id)
        channel = found if isinstance(found, discord.TextChannel) else None
        if channel is None:
            log.warning("%s: the tournament's channel is not known here", self.context.where())
            return
        if shown.lobby_message_id is None:
            embed, view = lobby_message(table, table.locale)
            message = await channel.send(embed=embed, view=view)
            shown.lobby_message_id = message.id
            await self.context.service.storage.save_shown(table.id, shown.model_dump())
        if channel.permissions_for(channel.guild.me).create_public_threads:
            await self.open_thread(channel.get_partial_message(shown.lobby_message_id), table)

    async def lobby(self, table: Table) -> None:
        """Edit the lobby message when what it shows changed."""
        shown = self.context.shown
        if shown.lobby_message_id is None:
            return
        seats = [(seat.user_id, seat.name, seat.team, seat.bot) for seat in table.seats]
        key = (table.status, table.end_reason, table.host_id, seats, repr(table.options))
        key += (table.thread_id, repr(table.settings.advanced), table.settings.hints)
        key += (table.settings.private,)
        if key == self.lobby_key:
            return
        embed, view = lobby_message(table, table.locale)
        interaction, self.lobby_interaction = self.lobby_interaction, None
        if interaction is not None and _message_id(interaction) == shown.lobby_message_id:
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(embed=embed, view=view)
                self.lobby_key = key
                return
        channel = self.context.channel(table.channel_id)
        try:
            await channel.get_partial_message(shown.lobby_message_id).edit(embed=embed, view=view)
        except discord.NotFound:
            shown.lobby_message_id = None
        self.lobby_key = key

    async def results(self, table: Table) -> bool:
        """Post the hand and match results not posted yet; True when any were."""
        shown = self.context.shown
        pending = table.log.results[shown.results_posted :]
        channel = self.context.channel(table.play_channel_id)
        for event in pending:
            lang = table.locale
            if event["kind"] == "hand_scored":
                await channel.send(
                    embed=hand_score_embed(table, event, lang, self.context.port.card_faces)
                )
            else:
                embed, view = match_over_message(table, event, lang)
                await channel.send(embed=embed, view=view)
            shown.results_posted += 1
        return bool(pending)

    async def notices(self, table: Table) -> None:
        """Post the lines waiting (a seat taken over, a member back) and, once, why a
        started match was cancelled or abandoned."""
        context = self.context
        while context.notices:
            key, params = context.notices[0]
            await self.say(table, key, **params)
            context.notices.pop(0)
        if table.status == "cancelled" and table.state is not None and not context.shown.closed:
            await self.post(table, end_text(table, table.locale))
            context.shown.closed = True

    async def tell_host(self, table: Table, key: str) -> None:
        """A line to the table's host in their DMs (what the table's channel refuses)."""
        host = next((seat for seat in table.seats if seat.user_id == table.host_id), None)
        lang = host.locale if host is not None else table.locale
        text = tr(lang, key, table=table.id, channel=f"<#{table.play_channel_id}>")
        try:
            await send_dm(self.context.port, table.host_id, text)
        except discord.HTTPException as exc:
            log.warning("%s: could not tell the host: %s", self.context.where(), exc)

    async def say(self, table: Table, key: str, **params: Any) -> None:
        """Post a line of the table's language where the table is played."""
        await self.post(table, tr(table.locale, key, **params))

    async def post(self, table: Table, text: str) -> None:
        """Post ``text`` where the table is played."""
        await self.context.channel(table.play_channel_id).send(
            text, allowed_mentions=discord.AllowedMentions(users=True)
        )


def _message_id(interaction: discord.Interaction) -> int | None:
    return interaction.message.id if interaction.message is not None else None
