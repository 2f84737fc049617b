"""What the parts of one table's publisher share: the table, the port to Discord,
the record of what Discord shows, the timings, and the lines waiting to be posted.

What Discord shows is the publisher's own record (``Shown``), saved apart from the
table and only when a message id changes; what each panel last showed and the
interactions that can still edit a panel or a ping live in memory only: an
interaction token is a credential, valid 15 minutes, and is never saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from pydantic import BaseModel, Field

from ..tables import Table, TableService
from .port import DiscordPort

TOKEN_LIFETIME = 14 * 60
"""Seconds an interaction may still edit or send through its token (Discord: 15 minutes)."""


class Shown(BaseModel):
    """What Discord shows of one table; written by its publisher only."""

    lobby_message_id: int | None = None
    board_message_id: int | None = None
    board_hand: int = -1
    """The hand the board message was posted for (each hand gets a fresh one)."""
    panels: dict[str, list[int]] = Field(default_factory=dict)
    """Member id → [DM channel id, message id] of their DM panel."""
    told: dict[str, int] = Field(default_factory=dict)
    """Slow tables: member id → the turn (the version it opened at) their last turn
    message in their DMs was sent for; -1 once told the match's end."""
    dm_failed: list[int] = Field(default_factory=list)
    ping: list[int] = Field(default_factory=list)
    """[message id, member id, the version the pinged turn opened at], when pinged."""
    ping_channel: int | None = None
    """Where the ping went when not where the table plays (a member's DMs)."""
    results_posted: int = 0
    closed: bool = False
    """The line saying why a started match ended early has been posted."""


@dataclass(frozen=True)
class Timings:
    """How the publisher paces a table (``Settings``: see ``.env.example``)."""

    publish_pause: float
    hand_pause: float
    bot_pause: float
    ping_quiet: float
    edit_window: float = 5.0
    """Seconds in which a board takes at most 5 edits (Discord's limit per channel);
    0 in tests, whose simulated clock does not move by itself."""


@dataclass
class Handle:
    """A live interaction: its token edits its original response (``message_id``) and
    sends or deletes follow-ups without counting against the global rate limit."""

    interaction: discord.Interaction
    message_id: int
    expires: float
    followups: int = 0
    """Follow-ups it sent."""
    aside: bool = False
    """``message_id`` is a follow-up of the interaction, not its original response."""

    async def edit(self, **shown: Any) -> discord.Message:
        if self.aside:
            return await self.interaction.followup.edit_message(self.message_id, **shown)
        return await self.interaction.edit_original_response(**shown)

    async def delete(self) -> None:
        if self.aside:
            await self.interaction.followup.delete_message(self.message_id)
        else:
            await self.interaction.delete_original_response()

    def live(self, now: float) -> bool:
        return now < self.expires


@dataclass
class TableContext:
    """One table's publishing state, shared by its board, panels, pings and clock."""

    table_id: int
    service: TableService
    port: DiscordPort
    timings: Timings
    shown: Shown = field(default_factory=Shown)
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Lines (catalog key, parameters) to post where the table is played."""
    acted: dict[int, float] = field(default_factory=dict)
    """When each member last acted (the ping's quiet period)."""
    doomed: list[discord.PartialMessage] = field(default_factory=list)
    """Messages to delete once the record no longer points at them."""
    changed_at: float = 0.0
    watching: Callable[[int], int] = lambda _table_id: 0
    """How many watch a match (``Watchers.count``): the board tells it."""

    def now(self) -> float:
        return self.service.clock()

    def table(self) -> Table | None:
        return self.service.tables.get(self.table_id)

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.port.get_partial_messageable(channel_id)

    def where(self) -> str:
        """Which table and server a log line is about."""
        table = self.table()
        guild = table.guild_id if table is not None else "?"
        return f"table {self.table_id} (guild {guild})"
