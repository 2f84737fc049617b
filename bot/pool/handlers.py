"""``/play`` and the quick-play buttons, for the croupier.

``/play`` answers privately: the member is checked (not in a match, not banned, DMs
open: a first DM proves it, and the match will appear under it), entered in the pool
and shown "searching…" with Cancel. Waves pair them (``publishing.pool``), which then
edits that answer through its token. The buttons: Cancel, the hard bot now (offered
after a while), keep waiting; a finished match's "Don't pair me with them again".
"""

from __future__ import annotations

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..i18n import language_of, tr
from ..publishing import DiscordPort, Publisher
from ..publishing.pool import PoolRunner
from ..screens.quick import left_embed, searching_message, welcome_text
from ..storage import Storage
from ..tables import TableError, TableService
from .service import Joining, PoolService


class PoolHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    port: DiscordPort
    service: TableService
    publisher: Publisher
    pool_runner: PoolRunner

    @property
    def pool(self) -> PoolService:
        return self.pool_runner.pool

    @refusals_answered
    async def play(self, interaction: discord.Interaction, game: str) -> None:
        """``/play``: enter ``game``'s pool, or be told why not."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user, storage = interaction.user, self.pool.storage
        lang = language_of(interaction.locale)
        await _check_free(storage, user.id)
        await self.pool.check_not_banned(user.id)
        await self._open_dms(user, game, lang)
        rating = (await storage.global_ratings(game, [user.id]))[user.id]
        name = await storage.global_name(user.id)
        guild_id = interaction.guild_id or 0
        joining = Joining(user.id, rating.shown, name, lang, guild_id, interaction.token)
        await self.pool.enter(game, joining)
        self.pool_runner.note_entered()
        embed, view = searching_message(game, rating, self.pool.clock(), lang)
        message = await interaction.edit_original_response(embed=embed, view=view)
        await storage.set_pool_message(user.id, message.id)

    async def _open_dms(self, user: discord.abc.User, game: str, lang: str) -> None:
        """The first line of the member's DMs; ``pool.dms_closed`` when they refuse it."""
        try:
            channel = await self.port.create_dm(user)
            await channel.send(welcome_text(game, lang))
        except discord.Forbidden:
            raise TableError("pool.dms_closed") from None

    @refusals_answered
    async def on_pool(self, interaction: discord.Interaction, action: str) -> None:
        """The searching answer's Cancel, "Play the hard bot now" and "Keep waiting"."""
        await interaction.response.defer()
        user_id, lang = interaction.user.id, language_of(interaction.locale)
        entry = await self.pool.storage.pool_entry(user_id)
        if entry is None:
            raise TableError("pool.not_waiting")
        game = entry["game"]
        if action == "cancel":
            if not await self.pool.leave(user_id):
                raise TableError("pool.not_waiting")
            await interaction.edit_original_response(embed=left_embed(game, lang), view=None)
        elif action == "bot":
            pairing = await self.pool.to_bot(user_id)
            if pairing is None:
                raise TableError("pool.not_waiting")
            await self.pool_runner.open_pairing(pairing)
            shown = left_embed(game, lang, "pool.bot_match")
            await interaction.edit_original_response(embed=shown, view=None)
        else:
            rating = (await self.pool.storage.global_ratings(game, [user_id]))[user_id]
            since = discord.utils.parse_time(entry["joined_at"]) or self.pool.clock()
            embed, view = searching_message(game, rating, since, lang)
            await interaction.edit_original_response(embed=embed, view=view)

    @refusals_answered
    async def on_react(self, interaction: discord.Interaction, table_id: int, reaction: int):
        """A fixed reaction from a quick-play seat: shown in the others' seats."""
        await interaction.response.defer()
        await self.service.react(table_id, interaction.user.id, reaction)
        interaction.extras["saved"] = True
        self.publisher.poke(table_id, panel=interaction)

    @refusals_answered
    async def on_block(self, interaction: discord.Interaction, table_id: int) -> None:
        """ "Don't pair me with them again": every other member of that quick match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        table = self.service.tables.get(table_id) or await self.service.load(table_id)
        if table is None or not table.settings.quick or table.seat_of(user_id) is None:
            raise TableError("table.not_seated")
        others = [s for s in table.seats if s.bot is None and s.user_id != user_id]
        for seat in others:
            await self.pool.storage.block(user_id, seat.user_id)
        names = ", ".join(seat.name for seat in others)
        text = tr(language_of(interaction.locale), "pool.blocked", names=names)
        await interaction.edit_original_response(content=text)


async def _check_free(storage: Storage, user_id: int) -> None:
    """A member in a match in play (any server's, or quick play) waits for none."""
    table_id = await storage.playing_table_of(user_id)
    if table_id is not None:
        raise TableError("pool.in_match", table=table_id)
