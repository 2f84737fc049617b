"""Slash-command cogs, one per concern."""

from discord.app_commands import Choice

from bot.games import GAMES
from bot.i18n import cmd

GAME_CHOICES = [Choice(name=cmd(f"game.{g}"), value=g) for g in GAMES]
"""The ``game`` option of /rules and /leaderboard."""
