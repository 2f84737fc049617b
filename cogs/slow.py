"""/vacation: pause every slow clock of yours (slow tables: a move an hour to 3 days)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.deadlines.vacation import VACATION_DAYS
from bot.i18n import cmd
from cogs import anywhere

DAYS = app_commands.Range[int, 0, VACATION_DAYS]


class Slow(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(
        name=cmd("cmd.vacation", "vacation"), description=cmd("cmd.vacation.desc")
    )
    @app_commands.rename(days=cmd("opt.days", "days"))
    @app_commands.describe(days=cmd("opt.days.desc"))
    async def vacation(self, interaction: discord.Interaction, days: DAYS) -> None:
        await self.bot.croupier.vacation(interaction, days)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Slow(bot))
