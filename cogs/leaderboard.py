"""/leaderboard and /stats. Both read the database, so they defer first: a slow or
locked database cannot make them miss Discord's 3 seconds."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd
from bot.opening import public_lang
from bot.screens.leaderboard import SORTS
from cogs import GAME_CHOICES, guild_id_of

SORT_CHOICES = [app_commands.Choice(name=cmd(f"leaderboard.sort.{s}"), value=s) for s in SORTS]


class Leaderboard(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=cmd("cmd.leaderboard", "leaderboard"), description=cmd("cmd.leaderboard.desc")
    )
    @app_commands.rename(game=cmd("opt.game", "game"), sort=cmd("opt.sort", "sort"))
    @app_commands.describe(game=cmd("opt.game.desc"), sort=cmd("opt.sort.desc"))
    @app_commands.choices(game=GAME_CHOICES, sort=SORT_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction, game: str = "escoba", sort: str = "rating"
    ) -> None:
        await interaction.response.defer(thinking=True)
        lang = await public_lang(self.bot.storage, interaction)
        embed, view = await self.bot.croupier.leaderboards.page(
            guild_id_of(interaction), game, sort, 0, lang
        )
        await interaction.edit_original_response(embed=embed, view=view)

    @app_commands.command(name=cmd("cmd.stats", "stats"), description=cmd("cmd.stats.desc"))
    @app_commands.rename(member=cmd("opt.member", "member"))
    @app_commands.describe(member=cmd("opt.member.desc"))
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        await interaction.response.defer(thinking=True)
        lang = await public_lang(self.bot.storage, interaction)
        target = member or interaction.user
        embed = await self.bot.croupier.leaderboards.stats(guild_id_of(interaction), target, lang)
        await interaction.edit_original_response(embed=embed)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Leaderboard(bot))
