"""/puzzle play and /puzzle daily: "what would you play here?", privately."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.games import GAMES, game_type
from bot.i18n import cmd, language_of
from bot.puzzles.themes import PLAY_THEMES
from bot.screens.puzzle_line import theme_label
from cogs import ANYWHERE_CONTEXTS, ANYWHERE_INSTALLS, GAME_CHOICES

THEMES = (
    *PLAY_THEMES,
    *sorted({name for game in GAMES for name in game_type(game).categories if name != "sweeps"}),
)
"""Every theme a puzzle may carry: the play themes, then each game's scoring categories."""


class Puzzles(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    puzzle = app_commands.Group(
        name=cmd("cmd.puzzle", "puzzle"),
        description=cmd("cmd.puzzle.desc"),
        allowed_contexts=ANYWHERE_CONTEXTS,
        allowed_installs=ANYWHERE_INSTALLS,
    )

    @puzzle.command(name=cmd("cmd.puzzle_play", "play"), description=cmd("cmd.puzzle_play.desc"))
    @app_commands.rename(game=cmd("opt.game", "game"), theme=cmd("opt.theme", "theme"))
    @app_commands.describe(game=cmd("opt.puzzle_game.desc"), theme=cmd("opt.theme.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def play(
        self, interaction: discord.Interaction, game: str | None = None, theme: str | None = None
    ) -> None:
        await self.bot.croupier.puzzle_play(interaction, game, theme)

    @play.autocomplete("theme")
    async def theme_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The themes puzzles carry, in the member's language."""
        lang = language_of(interaction.locale)
        choices = [(theme_label(theme, lang), theme) for theme in THEMES]
        typed = typed.lower()
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in choices
            if typed in name.lower() or typed in value
        ][:25]

    @puzzle.command(name=cmd("cmd.puzzle_daily", "daily"), description=cmd("cmd.puzzle_daily.desc"))
    async def daily(self, interaction: discord.Interaction) -> None:
        await self.bot.croupier.puzzle_daily(interaction)


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Puzzles(bot))
