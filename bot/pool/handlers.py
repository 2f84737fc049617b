"""``/play`` and the quick-play buttons, for the croupier.

``/play`` answers privately: the member is checked (not in a match, not banned, DMs
open: a first DM proves it, and the match will appear under it), entered in the pool
and shown "searching…" with Cancel. Waves pair them (``publishing.pool``), which then
edits that answer through its token. The buttons: Cancel, the bot at their level now (offered
after a while), keep waiting; a finished match's "Don't pair me with them again".
"""

from __future__ import annotations

import contextlib

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..i18n import language_of, tr
from ..publishing import DiscordPort, Publisher
from ..publishing.pool import PoolRunner
from ..publishing.port import dm_or_refuse
from ..screens.quick import invitation_message, left_embed, searching_message, welcome_text
from ..storage import RuleBroken, Storage
from ..tables import LIVE, Table, TableError, TableService, is_slow, pool_key, pool_parts
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
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        partner: discord.User | None = None,
        pace: str = LIVE,
    ) -> None:
        """``/play``: enter ``game``'s pool at ``pace`` (with ``partner``, once they
        accept), or be told why not. A member plays one live match at a time, and any
        number of slow ones."""
        game = pool_key(game, pace)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        lang = language_of(interaction.locale)
        if pace == LIVE:
            await _check_free(self.pool.storage, user.id)
        await self.pool.check_not_banned(user.id)
        await self._notice_in_dms(user, game, lang)
        joining = await self._joining(interaction, game, lang)
        if partner is None:
            await self.pool.enter(game, joining)
        else:
            await self._invite_partner(game, joining, partner, user.display_name)
        await self._show_searching(interaction, game)

    async def _joining(self, interaction: discord.Interaction, game: str, lang: str) -> Joining:
        """The clicker as the pool keeps them, with the answer that says they search."""
        guild_id = interaction.guild_id or 0
        user_id = interaction.user.id
        return await self.pool.joining(game, user_id, lang, guild_id, interaction.token)

    async def _invite_partner(
        self, game: str, joining: Joining, partner: discord.User, name: str
    ) -> None:
        """Enter the member, waiting for ``partner``, and ask the partner in their DMs."""
        if partner.bot:
            raise TableError("pool.partner_bot")
        await self.pool.invite(game, joining, partner.id)
        text, view = invitation_message(game, joining.user_id, name, joining.locale)
        try:
            await self._open_dms(partner, text, view)
        except TableError:
            await self.pool.leave(joining.user_id)
            raise TableError("pool.partner_dms_closed", partner=partner.display_name) from None

    async def _show_searching(self, interaction: discord.Interaction, game: str) -> None:
        """Answer "searching…" and note the answer, which the pool edits later."""
        user_id, lang = interaction.user.id, language_of(interaction.locale)
        rating = await self.pool.rating(game, user_id)
        embed, view = searching_message(game, rating, self.pool.clock(), lang)
        message = await interaction.edit_original_response(content=None, embed=embed, view=view)
        await self.pool.storage.set_pool_message(user_id, message.id)
        self.pool_runner.note_entered()

    @refusals_answered
    async def on_duo(self, interaction: discord.Interaction, inviter: int, action: str) -> None:
        """The invited partner accepts (and waits beside the inviter) or declines."""
        await interaction.response.defer()
        user_id, lang = interaction.user.id, language_of(interaction.locale)
        if action == "decline":
            entry = await self.pool.storage.pool_entry(inviter)
            if entry is None or entry["partner_id"] != user_id:
                raise TableError("pool.invitation_gone")
            await self.pool.leave(inviter)
            await self.pool_runner.tell_declined(entry)
            text = tr(lang, "pool.declined")
            await interaction.edit_original_response(content=text, embed=None, view=None)
            return
        entry = await self.pool.storage.pool_entry(inviter)
        if entry is not None and pool_parts(entry["game"])[1] == LIVE:
            await _check_free(self.pool.storage, user_id)
        game = await self.pool.accept(inviter, await self._joining(interaction, "scopone", lang))
        await self._show_searching(interaction, game)

    async def _notice_in_dms(self, user: discord.abc.User, game: str, lang: str) -> None:
        """The pool's line in the member's DMs, which proves them open (the match will
        appear under it); the member's previous one is deleted, so their DMs keep one."""
        notice = await self._open_dms(user, welcome_text(game, lang))
        previous = await self.pool.storage.swap_pool_notice(user.id, notice.id)
        if previous:
            dms = self.port.get_partial_messageable(notice.channel.id)
            with contextlib.suppress(discord.HTTPException):
                await dms.get_partial_message(previous).delete()

    async def _open_dms(self, user: discord.abc.User, text: str, view=None) -> discord.Message:
        """A line in the member's DMs; ``pool.dms_closed`` when they refuse the bot."""
        return await dm_or_refuse(self.port, user.id, text, "pool.dms_closed", view)

    @refusals_answered
    async def on_pool(self, interaction: discord.Interaction, action: str) -> None:
        """The searching answer's Cancel, "Play the bot now: Level N" and "Keep waiting"."""
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
            below = interaction.guild_id is None  # asked in their DMs: the match is below
            shown = left_embed(game, lang, "pool.bot_match_below" if below else "pool.bot_match")
            await interaction.edit_original_response(embed=shown, view=None)
        else:
            rating = await self.pool.rating(game, user_id)
            level = await self.pool.bot_level(game, user_id)
            since = discord.utils.parse_time(entry["joined_at"]) or self.pool.clock()
            embed, view = searching_message(game, rating, since, lang, offered=True, level=level)
            await interaction.edit_original_response(embed=embed, view=view)

    @refusals_answered
    async def on_react(self, interaction: discord.Interaction, table_id: int, reaction: int):
        """A fixed reaction from a quick-play seat: shown in the others' seats."""
        await interaction.response.defer()
        await self.service.react(table_id, interaction.user.id, reaction)
        interaction.extras["saved"] = True
        self.publisher.poke(table_id, panel=interaction)

    @refusals_answered
    async def on_again(self, interaction: discord.Interaction, table_id: int) -> None:
        """Rematch at a finished quick-play match: the same sides play again once every
        member asked (the others are told in their DMs that it was asked)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id, lang = interaction.user.id, language_of(interaction.locale)
        table = self.service.tables.get(table_id) or await self.service.load(table_id)
        if not table.settings.quick or table.seat_of(user_id) is None:
            raise TableError("table.not_seated")
        if not is_slow(table):
            await _check_free(self.pool.storage, user_id)
        await self.pool.check_not_banned(user_id)
        sides = [[table.seats[i].user_id for i in side] for side in table.engine.sides]
        members = await self._rematch_members(table)
        key = pool_key(table.game, table.settings.pace)
        try:
            pairing = await self.pool.storage.vote_rematch(table_id, user_id, key, sides, members)
        except RuleBroken:
            raise TableError("pool.rematch_done") from None
        if pairing is None:
            await self.pool_runner.tell_rematch_asked(table, user_id)
            others = [s.name for s in table.seats if s.bot is None and s.user_id != user_id]
            text = tr(lang, "pool.rematch_waiting", names=", ".join(others))
        else:
            await self.pool_runner.open_pairing(pairing)
            text = tr(lang, "pool.rematch_on")
        await interaction.edit_original_response(content=text)

    async def _rematch_members(self, table: Table) -> dict[str, dict]:
        """What a rematch's pairing keeps of each member: as the pool would."""
        game = table.game
        return {
            str(seat.user_id): await self.pool.rematch_member(game, seat.user_id, seat.locale)
            for seat in table.seats
            if seat.bot is None
        }

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
