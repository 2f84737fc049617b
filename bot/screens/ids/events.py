"""The custom ids of the daily deal and of tournaments."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from .base import FromCustomId, handlers, selected

DAILY_ID = r"(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2}):(?P<game>[a-z]{1,20}):(?P<ply>[0-9]{1,3})"


class DailyButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:daily:" + DAILY_ID + r":(?P<kind>c|m|b):(?P<move>[0-9a-f]{1,14})",
):
    """A daily hand's card (``c``), capture or declaration (``m``), or Back (``b``)."""

    def __init__(self, day: str, game: str, ply: int, kind: str, move: int, **button: Any):
        custom_id = f"esc:daily:{day}:{game}:{ply}:{kind}:{move:x}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.where, self.kind, self.move = (day, game, ply), kind, move

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_daily(interaction, *self.where, self.kind, self.move)


class DailySelect(FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:dailysel:" + DAILY_ID):
    """A daily hand's captures as a menu, when there are too many for buttons."""

    def __init__(self, day: str, game: str, ply: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:dailysel:{day}:{game}:{ply}", **select))
        self.where = (day, game, ply)

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await handlers(interaction).on_daily(interaction, *self.where, "m", move)


class TournamentButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:tour:(?P<tournament_id>[0-9]{1,12}):(?P<action>join|leave|start|cancel)",
):
    """A tournament's sign-up button."""

    def __init__(self, tournament_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:tour:{tournament_id}:{action}", **button))
        self.tournament_id, self.action = tournament_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_tournament(interaction, self.tournament_id, self.action)


class InvitationButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:pair:(?P<tournament_id>[0-9]{1,12}):(?P<number>[0-9]{1,4}):(?P<action>accept|decline)",
):
    def __init__(self, tournament_id: int, number: int, action: str, **button: Any) -> None:
        custom_id = f"esc:pair:{tournament_id}:{number}:{action}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.where, self.action = (tournament_id, number), action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_invitation(interaction, *self.where, self.action)
