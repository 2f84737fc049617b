"""/watch: the matches a member may watch now, or a member's match."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd
from cogs import anywhere


class Watch(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name=cmd("cmd.watch", "watch"), description=cmd("cmd.watch.desc"))
    @app_commands.rename(member=cmd("opt.member", "member"))
    @app_commands.describe(member=cmd("opt.watch_member.desc"))
    async def watch(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        await self.bot.croupier.watch(interaction, member)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Watch(bot))
