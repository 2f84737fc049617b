"""/play: quick play, one pool for every server (played in the member's DMs)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd
from bot.pool.service import QUICK_GAMES
from bot.tables import LIVE
from cogs import PACE_CHOICES, anywhere

QUICK_CHOICES = [app_commands.Choice(name=cmd(f"game.{g}"), value=g) for g in QUICK_GAMES]


class Play(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name=cmd("cmd.play", "play"), description=cmd("cmd.play.desc"))
    @app_commands.rename(
        game=cmd("opt.game", "game"),
        partner=cmd("opt.partner", "partner"),
        pace=cmd("opt.pace", "pace"),
    )
    @app_commands.describe(
        game=cmd("opt.game.desc"),
        partner=cmd("opt.quick_partner.desc"),
        pace=cmd("opt.pace.desc"),
    )
    @app_commands.choices(game=QUICK_CHOICES, pace=PACE_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        game: str = "scopa",
        partner: discord.User | None = None,
        pace: str = LIVE,
    ) -> None:
        await self.bot.croupier.play(interaction, game, partner, pace)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Play(bot))
