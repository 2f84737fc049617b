"""What only friends' tables have, for the croupier: a table in a DM or group DM is
driven by clicks alone (``opening``, ``publishing.clicks``), so its clock plays nobody's
turn on its own; once a member's time is up, the others may claim the turn, and the bot
plays it as for a timer run out (repeated, the bot keeps the seat, as at tables)."""

from __future__ import annotations

import discord

from .boundary import ErrorBoundary, refusals_answered
from .publishing import Publisher
from .tables import TableService


class FriendsHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    service: TableService
    publisher: Publisher

    @refusals_answered
    async def on_claim(self, interaction: discord.Interaction, table_id: int, version: int):
        """ "Time is up: play their turn" on a friends' table's board."""
        await interaction.response.defer()
        user_id = interaction.user.id
        await self.service.claim_turn(table_id, user_id, version)
        interaction.extras["saved"] = True  # from here on, a failure is told as saved
        self.publisher.poke(table_id, actor=user_id, clicked=interaction)
