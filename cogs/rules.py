"""/rules [game]: the rules in brief, for the options of the table in this channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EscobaBot
from bot.i18n import cmd, language_of
from bot.screens.rules import rules_embed
from bot.tables import validate_options
from cogs import GAME_CHOICES, anywhere


class Rules(commands.Cog):
    def __init__(self, bot: EscobaBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name=cmd("cmd.rules", "rules"), description=cmd("cmd.rules.desc"))
    @app_commands.rename(game=cmd("opt.game", "game"))
    @app_commands.describe(game=cmd("opt.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        lang = language_of(interaction.locale)
        here = [
            t
            for t in self.bot.service.live_in(interaction.channel_id or 0)
            if game is None or t.game == game
        ]
        if here:
            chosen, options = here[0].game, here[0].options
        else:
            chosen = game or "escoba"
            options = validate_options(chosen, {})
        await interaction.response.send_message(
            embed=rules_embed(chosen, options, lang, self.bot.card_faces), ephemeral=True
        )


async def setup(bot: EscobaBot) -> None:
    await bot.add_cog(Rules(bot))
