"""Slash-command cogs, one per concern."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.games import GAMES
from bot.i18n import cmd

GAME_CHOICES = [Choice(name=cmd(f"game.{g}"), value=g) for g in GAMES]
"""The ``game`` option of /rules and /leaderboard."""


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server of a guild-only command (the error boundary answers the impossible)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id
