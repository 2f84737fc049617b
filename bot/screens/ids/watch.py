"""The custom ids of watching: ``esc:watch:<table>:<open|refresh>``, a Watch button (a
new private view of the match) and a watcher's Refresh (that view, brought up to date).
They are no ``TableItem``: who may watch, and from where, is the watch handler's check
(``bot.watching.doors``), not the players' place."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from .base import FromCustomId, handlers


class WatchButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:watch:(?P<table_id>[0-9]{1,12}):(?P<action>open|refresh)",
):
    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:watch:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_watch(interaction, self.table_id, self.action)
