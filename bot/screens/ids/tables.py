"""The custom ids of a table: its lobby, board, hand panels and their confirmations."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from .base import TableItem, handlers, selected


class LobbyButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:lobby:(?P<table_id>[0-9]{1,12}):(?P<action>join|leave|start|cancel|hints|private|team[0-5])",
):
    lobby = True

    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:lobby:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_lobby(interaction, self.table_id, self.action)


class AdvancedSelect(
    TableItem, ui.DynamicItem[ui.Select], template=r"esc:adv:(?P<table_id>[0-9]{1,12})"
):
    lobby = True

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:adv:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_advanced(interaction, self.table_id, selected(interaction))


class BotSelect(
    TableItem, ui.DynamicItem[ui.Select], template=r"esc:bot:(?P<table_id>[0-9]{1,12})"
):
    lobby = True

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:bot:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_bot_seat(interaction, self.table_id, selected(interaction))


class TargetSelect(
    TableItem, ui.DynamicItem[ui.Select], template=r"esc:target:(?P<table_id>[0-9]{1,12})"
):
    lobby = True

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:target:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_target(interaction, self.table_id, selected(interaction))


class SeatButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:seat:(?P<table_id>[0-9]{1,12}):(?P<action>back|end|leave)",
):
    """A seat's "I'm back" (the bot kept it), End match, or a quick-play seat's Leave."""

    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:seat:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_seat(interaction, self.table_id, self.action)


class HandButton(
    TableItem, ui.DynamicItem[ui.Button], template=r"esc:hand:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:hand:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_my_hand(interaction, self.table_id)


class ClaimButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:claim:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """A friends' table's "time is up: play their turn" (the bot plays it)."""

    def __init__(self, table_id: int, version: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:claim:{table_id}:{version}", **button))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_claim(interaction, self.table_id, self.version)


class CardButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:card:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<card>[0-9]{1,2})",
):
    def __init__(self, table_id: int, version: int, card: int, **button: Any) -> None:
        custom_id = f"esc:card:{table_id}:{version}:{card}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.card = table_id, version, card

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_card(interaction, self.table_id, self.version, self.card)


class MoveButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:move:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<move>[0-9a-f]{1,14})",
):
    def __init__(self, table_id: int, version: int, move: int, **button: Any) -> None:
        custom_id = f"esc:move:{table_id}:{version}:{move:x}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.move = table_id, version, move

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_move(interaction, self.table_id, self.version, self.move)


class MoveSelect(
    TableItem,
    ui.DynamicItem[ui.Select],
    template=r"esc:movesel:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """The capture options as a select, when there are too many for buttons."""

    def __init__(self, table_id: int, version: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:movesel:{table_id}:{version}", **select))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await handlers(interaction).on_move(interaction, self.table_id, self.version, move)


class BackButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:back:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """A panel showing a card's captures: back to the hand, nothing played."""

    def __init__(self, table_id: int, version: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:back:{table_id}:{version}", **button))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_back(interaction, self.table_id, self.version)


class ConfirmButton(
    TableItem,
    ui.DynamicItem[ui.Button],
    template=r"esc:confirm:(?P<table_id>[0-9]{1,12}):(?P<action>leave|cancel)",
):
    """Yes to "end this match for everyone?" (``/leave``, ``/cancel``, End match)."""

    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:confirm:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).end(interaction, self.table_id, self.action, confirmed=True)


class RematchButton(
    TableItem, ui.DynamicItem[ui.Button], template=r"esc:rematch:(?P<table_id>[0-9]{1,12})"
):
    lobby = True
    """It opens a lobby: from the finished table's own server only."""

    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:rematch:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_rematch(interaction, self.table_id)
