"""The croupier's slash commands about the member's own tables (``/hand``, ``/hint``,
``/leave``, ``/cancel``, ``/table``; ``/games`` lists them): each finds the table,
then takes the same path as the matching button."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from .boundary import ErrorBoundary, refusals_answered
from .i18n import tr
from .opening import interaction_lang
from .publishing import DiscordPort, Publisher
from .screens.common import origin_of, reply
from .screens.my_games import games_message
from .tables import Table, TableError, TableService
from .tables.doors import comes_from_its_place


class TableCommands:
    """Mixed into ``Croupier``, which sets these attributes and has these handlers."""

    boundary: ErrorBoundary
    port: DiscordPort
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
    async def games_command(self, interaction: discord.Interaction) -> None:
        """``/games``: the member's open matches, the most urgent first (``my_games``)."""
        lang = interaction_lang(interaction)
        origin = origin_of(interaction)
        shown, view = games_message(
            self.service.live_for(interaction.user.id),
            interaction.user.id,
            lang,
            where=lambda table: self._place_name(table, lang),
            playable_here=lambda table: comes_from_its_place(table, origin, lobby=False),
        )
        await interaction.response.send_message(
            embed=shown, view=view or discord.utils.MISSING, ephemeral=True
        )

    def _place_name(self, table: Table, lang: str) -> str:
        """Where a table plays: its server and channel, quick play, or among friends."""
        if table.settings.quick:
            return tr(lang, "games.quick")
        if table.settings.clicks:
            return tr(lang, "panel.friends")
        guild = self.port.get_guild(table.guild_id)
        channel = self.port.get_channel(table.play_channel_id)
        name = getattr(channel, "name", "?")
        return f"{guild.name} › #{name}" if guild is not None else f"#{name}"

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
