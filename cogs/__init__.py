"""Slash-command cogs, one per concern."""

from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.games import GAMES
from bot.i18n import cmd
from bot.tables import LIVE, PACES

GAME_CHOICES = [Choice(name=cmd(f"game.{g}"), value=g) for g in GAMES]
"""The ``game`` option of /rules and /leaderboard."""
PACE_CHOICES: list[Choice[Any]] = [
    Choice(name=cmd(f"pace.{pace}"), value=pace) for pace in (LIVE, *PACES)
]
"""The ``pace`` option: live, or a slow pace (every game's ``new``, /play, /tournament new)."""


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server of a guild-only command (the error boundary answers the impossible)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


ANYWHERE_CONTEXTS = app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)
ANYWHERE_INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
"""Where the commands players use anywhere are offered: in servers that installed the
app, and wherever a member who installed it to their account is (their DMs with the
bot, DMs with friends, group DMs). A command group takes them as arguments."""

CommandT = TypeVar("CommandT")


def anywhere(command: CommandT) -> CommandT:
    """Offer a command in servers, DMs and group DMs, installed to a server or a user."""
    command = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)
    return app_commands.allowed_installs(guilds=True, users=True)(command)
