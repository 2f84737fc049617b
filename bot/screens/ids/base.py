"""What every custom id shares: the item rebuilt from its custom id, the handlers a
click goes to, and the error boundary's answer to whatever a handler raises."""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord
from discord import ui

from ..handlers import Handlers


class _HasHandlers(Protocol):
    croupier: Handlers


def handlers(interaction: discord.Interaction) -> Handlers:
    return cast(_HasHandlers, interaction.client).croupier


def selected(interaction: discord.Interaction) -> list[str]:
    """The values a select sent."""
    data = cast(dict[str, Any], interaction.data or {})
    return list(data.get("values") or [])


class FromCustomId:
    """Rebuilds an item from its custom_id: the template's named groups are the
    constructor's arguments (digits become ints, ``move`` is hexadecimal)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        values: dict[str, Any] = {}
        for name, text in match.groupdict().items():
            if text is None:  # an optional part the id leaves out
                continue
            if name == "move":
                values[name] = int(text, 16)
            else:
                values[name] = int(text) if text.isdigit() else text
        return cls(**values)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            self.check(interaction)
            await self.act(interaction)
        except Exception as error:
            await handlers(interaction).answer_error(interaction, error)

    def check(self, interaction: discord.Interaction) -> None:
        """Refuse a click before its handler runs (``TableError``); none by default."""

    async def act(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class TableItem(FromCustomId):
    """An item of one table: a click from anywhere but where the table lives (another
    server, another conversation: a tampered client) is refused before its handler."""

    table_id: int
    lobby = False
    """A lobby's item: clicked from the table's own server (never from DMs)."""

    def check(self, interaction: discord.Interaction) -> None:
        handlers(interaction).check_place(interaction, self.table_id, lobby=self.lobby)
