"""/daily play and /daily board: the day's deal against the hard bot, and its ranks."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import EscobaBot
from bot.daily.deal import daily_games
from bot.i18n import cmd
from cogs import ANYWHERE_CONTEXTS, ANYWHERE_INSTALLS

DAILY_GAMES = [Choice(name=cmd(f"game.{game}"), value=game) for game in daily_games()]


class Daily(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    daily = app_commands.Group(
        name=cmd("cmd.daily", "daily"),
        description=cmd("cmd.daily.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )

    @daily.command(name=cmd("cmd.daily_play", "play"), description=cmd("cmd.daily_play.desc"))
    @app_commands.rename(game=cmd("opt.game", "game"))
    @app_commands.describe(game=cmd("opt.daily_game.desc"))
    @app_commands.choices(game=DAILY_GAMES)
    async def play(self, interaction: discord.Interaction, game: str = "escoba") -> None:
        await self.bot.croupier.daily_play(interaction, game)

    @daily.command(name=cmd("cmd.daily_board", "board"), description=cmd("cmd.daily_board.desc"))
    @app_commands.rename(game=cmd("opt.game", "game"))
    @app_commands.describe(game=cmd("opt.daily_game.desc"))
    @app_commands.choices(game=DAILY_GAMES)
    async def board(self, interaction: discord.Interaction, game: str = "escoba") -> None:
        await self.bot.croupier.daily_board(interaction, game)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Daily(bot))
