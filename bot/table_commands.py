"""The croupier's slash commands about the member's own table (``/hand``, ``/hint``,
``/leave``, ``/cancel``, ``/table``): each finds the table, then takes the same path as
the matching button."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from .boundary import ErrorBoundary, refusals_answered
from .i18n import tr
from .opening import interaction_lang
from .publishing import Publisher
from .screens.common import reply
from .tables import Table, TableError, TableService


class TableCommands:
    """Mixed into ``Croupier``, which sets these attributes and has these handlers."""

    boundary: ErrorBoundary
    service: TableService
    publisher: Publisher
    on_my_hand: Callable[[discord.Interaction, int], Awaitable[None]]
    on_hint: Callable[[discord.Interaction, int], Awaitable[None]]
    ask_to_end: Callable[[discord.Interaction, int, str], Awaitable[None]]

    @refusals_answered
    async def hand_command(self, interaction: discord.Interaction) -> None:
        await self.on_my_hand(interaction, self._my_table(interaction, playing=True).id)

    @refusals_answered
    async def hint_command(self, interaction: discord.Interaction) -> None:
        await self.on_hint(interaction, self._my_table(interaction, playing=True).id)

    @refusals_answered
    async def leave_command(self, interaction: discord.Interaction) -> None:
        await self.ask_to_end(interaction, self._my_table(interaction, playing=False).id, "leave")

    @refusals_answered
    async def cancel_command(self, interaction: discord.Interaction) -> None:
        """``/cancel``: this channel's one live table."""
        here = self.service.live_in(interaction.channel_id or 0)
        if len(here) != 1:
            raise TableError("table.none_here" if not here else "table.which_cancel")
        await self.ask_to_end(interaction, here[0].id, "cancel")

    @refusals_answered
    async def repost_command(self, interaction: discord.Interaction) -> None:
        """``/table``: the boards of this channel again, at the bottom (a friends' table's
        board becomes this command's answer)."""
        here = self.service.live_in(interaction.channel_id or 0)
        playing = [table for table in here if table.status == "playing"]
        if not playing:
            raise TableError("table.none_here")
        for table in playing:
            if table.settings.clicks:
                return await self.publisher.of(table.id).bring_here(interaction, table)
            self.publisher.of(table.id).repost()
        await reply(interaction, tr(interaction_lang(interaction), "table.reposted"))

    def _my_table(self, interaction: discord.Interaction, *, playing: bool) -> Table:
        return self.service.table_for(interaction.user.id, interaction.channel_id, playing=playing)
