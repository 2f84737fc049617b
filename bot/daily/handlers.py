"""``/daily play``, ``/daily board`` and a daily hand's buttons, for the croupier.

A daily hand is shown in one private message, the answer to ``/daily play``; a click
defers, runs one command of the daily service (which saves before anything is
shown), then edits that message through the click's own token. Nothing else shows a
daily hand, so there is no publisher to poke. ``/daily play`` again (a closed
client, a lost message) shows the hand where it stands.
"""

from __future__ import annotations

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..i18n import language_of
from ..opening import public_lang
from ..publishing import DiscordPort
from ..screens.daily import Standing, daily_message
from ..screens.daily_board import DailyDay, board_embeds
from ..storage import DailyHand
from .deal import previous_day, streak
from .service import DailyService, Played

WORLD_TOP = 3
"""The best hands of the day worldwide shown on the board."""


class DailyHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    port: DiscordPort
    daily: DailyService

    @refusals_answered
    async def daily_play(self, interaction: discord.Interaction, game: str) -> None:
        """Today's hand of ``game``: begun, resumed, or (played already) its result."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        guild_id = interaction.guild_id or 0
        played = await self.daily.open(game, user.id, guild_id, user.display_name)
        again = played.position.finished
        await self._show_daily(
            interaction, played, "daily.played_already" if again else "", recap=not again
        )

    @refusals_answered
    async def on_daily(
        self, interaction: discord.Interaction, day: str, game: str, ply: int, kind: str, value
    ) -> None:
        """A card, a capture or a declaration, or Back, in a daily hand's message."""
        await interaction.response.defer()  # the message is edited once saved
        daily, user_id = self.daily, interaction.user.id
        if kind == "c":
            played = await daily.play_card(day, game, user_id, ply, value)
        elif kind == "m":
            played = await daily.choose(day, game, user_id, ply, value)
        else:
            played = await daily.look(day, game, user_id)
        await self._show_daily(interaction, played, "panel.stale_daily" if played.stale else "")

    async def _show_daily(
        self, interaction: discord.Interaction, played: Played, note: str, *, recap: bool = True
    ) -> None:
        lang = language_of(interaction.locale)
        standing = None
        if played.position.finished:
            standing = await self._standing(played.hand, interaction.guild_id or 0)
        now = self.daily.clock()
        view, files = await daily_message(
            played, lang, self.port.card_faces, now, standing, note=note, recap=recap
        )
        await interaction.edit_original_response(view=view, attachments=files)

    async def _standing(self, hand: DailyHand, guild_id: int) -> Standing:
        storage = self.daily.storage
        here = await storage.daily_rank(hand, guild_id)
        world = await storage.daily_rank(hand)
        days = await storage.daily_days(hand.user_id)
        return Standing(here, world, streak(days, self.daily.today()))

    @refusals_answered
    async def daily_board(self, interaction: discord.Interaction, game: str) -> None:
        """Today's ranks here and worldwide, the member's day, yesterday's deal and line."""
        await interaction.response.defer(thinking=True)
        lang = await public_lang(self.daily.storage, interaction)
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        today = self.daily.today()
        yesterday = previous_day(today)
        mine = await self.daily.storage.daily_hand(today, game, user_id)
        if mine is not None and mine.finished:
            standing = await self._standing(mine, guild_id)
        else:
            days = await self.daily.storage.daily_days(user_id)
            standing = Standing((0, 0), (0, 0), streak(days, today))
        line = await self.daily.line(yesterday, game)
        embeds = board_embeds(
            await self._day(today, game, guild_id),
            mine,
            standing,
            await self._day(yesterday, game, guild_id),
            line,
            lang,
            self.port.card_faces,
        )
        await interaction.edit_original_response(embeds=embeds)

    async def _day(self, day: str, game: str, guild_id: int) -> DailyDay:
        storage = self.daily.storage
        world = await storage.daily_top(day, game, limit=WORLD_TOP)
        names = [await storage.global_name(hand.user_id) for hand in world]
        return DailyDay(
            day,
            game,
            here=await storage.daily_top(day, game, guild_id),
            world=list(zip(world, names, strict=True)),
            finished_here=await storage.daily_count(day, game, guild_id),
            finished_world=await storage.daily_count(day, game),
            seed=await self.daily.seed(day, game),
        )
