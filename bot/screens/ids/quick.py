"""The custom ids of quick play: the searching answer's buttons, a seat's reactions,
and a finished quick-play match's "Don't pair me with them again"."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from .base import FromCustomId, TableItem, handlers, selected


class PoolButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:pool:(?P<action>cancel|bot|wait)"
):
    """The searching answer's Cancel, "Play the bot now: Level N" and "Keep waiting": they
    act on whoever clicks (the answer is theirs alone)."""

    def __init__(self, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:pool:{action}", **button))
        self.action = action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_pool(interaction, self.action)


class BlockButton(
    TableItem, ui.DynamicItem[ui.Button], template=r"esc:block:(?P<table_id>[0-9]{1,12})"
):
    """A finished quick-play match's "Don't pair me with them again"."""

    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:block:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_block(interaction, self.table_id)


class ReactSelect(
    TableItem, ui.DynamicItem[ui.Select], template=r"esc:react:(?P<table_id>[0-9]{1,12})"
):
    """A quick-play seat's menu of fixed reactions (strangers send no free text)."""

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:react:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        index = values[0].partition(".")[0]  # "2.17": the reaction, then when the menu was new
        reaction = int(index) if index.isdigit() else -1
        await handlers(interaction).on_react(interaction, self.table_id, reaction)


class DuoButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:duo:(?P<inviter>[0-9]{1,20}):(?P<action>accept|decline)",
):
    """The invited partner's answer to "play quick Scopone with me" (in their DMs)."""

    def __init__(self, inviter: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:duo:{inviter}:{action}", **button))
        self.inviter, self.action = inviter, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_duo(interaction, self.inviter, self.action)


class AgainButton(
    TableItem, ui.DynamicItem[ui.Button], template=r"esc:again:(?P<table_id>[0-9]{1,12})"
):
    """A finished quick-play match's Rematch: it starts once every member asked."""

    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:again:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_again(interaction, self.table_id)
