"""/history: the server's recent matches and their score sheets; /replay: a finished
match step by step; /review: the hard bot's verdict on its moves; /verify: its deals
checked against their commitment."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd
from bot.opening import public_lang
from cogs import anywhere


class History(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name=cmd("cmd.history", "history"), description=cmd("cmd.history.desc"))
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)  # the database may be slow
        lang = await public_lang(self.bot.storage, interaction)
        where, user_id = interaction.guild_id or 0, interaction.user.id  # in DMs: theirs
        embed, view = await self.bot.croupier.history.recent(where, lang, user_id)
        await interaction.edit_original_response(embed=embed, view=view)

    @anywhere
    @app_commands.command(name=cmd("cmd.replay", "replay"), description=cmd("cmd.replay.desc"))
    @app_commands.rename(match=cmd("opt.match", "match"))
    @app_commands.describe(match=cmd("opt.match.desc"))
    async def replay(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1, 999_999_999_999] | None = None,
    ) -> None:
        await self.bot.croupier.show_replay(interaction, match)

    @anywhere
    @app_commands.command(name=cmd("cmd.review", "review"), description=cmd("cmd.review.desc"))
    @app_commands.rename(match=cmd("opt.match", "match"))
    @app_commands.describe(match=cmd("opt.match.desc"))
    async def review(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1, 999_999_999_999] | None = None,
    ) -> None:
        await self.bot.croupier.on_review(interaction, match)

    @anywhere
    @app_commands.command(name=cmd("cmd.verify", "verify"), description=cmd("cmd.verify.desc"))
    @app_commands.rename(match=cmd("opt.match", "match"))
    @app_commands.describe(match=cmd("opt.match.desc"))
    async def verify(
        self, interaction: discord.Interaction, match: app_commands.Range[int, 1, 999_999_999_999]
    ) -> None:
        await self.bot.croupier.verify_match(interaction, match)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(History(bot))
