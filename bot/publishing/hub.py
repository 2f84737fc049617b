"""Every table's publisher, for one bot: where handlers poke a table after a change."""

from __future__ import annotations

from typing import Any

import discord

from ..tables import TableService
from .broadcast import Broadcasts
from .context import Shown, TableContext, Timings
from .port import DiscordPort
from .table import TablePublisher
from .watch import Watchers


class Publisher:
    """Every table's publisher, created when a table is first poked."""

    def __init__(self, port: DiscordPort, service: TableService, timings: Timings) -> None:
        self.port = port
        self.service = service
        self.timings = timings
        self.tables: dict[int, TablePublisher] = {}
        self.watchers = Watchers(service.clock)
        self.broadcasts = Broadcasts(port, service)

    def of(self, table_id: int) -> TablePublisher:
        publisher = self.tables.get(table_id)
        if publisher is None:
            context = TableContext(
                table_id, self.service, self.port, self.timings, watching=self.watchers.count
            )
            publisher = self.tables[table_id] = TablePublisher(context, self._closed)
        return publisher

    def poke(
        self,
        table_id: int,
        *,
        actor: int | None = None,
        panel: discord.Interaction | None = None,
        lobby: discord.Interaction | None = None,
        clicked: discord.Interaction | None = None,
        notice: tuple[str, dict[str, Any]] | None = None,
    ) -> None:
        """The table changed (or a member clicked a panel or the lobby): bring Discord in
        line. ``actor`` is the member who acted; ``panel`` and ``lobby`` are interactions
        whose original response is that member's panel or the lobby message; ``clicked``
        any other click at the table (it may carry the next ping); ``notice`` is a line
        (catalog key, parameters) to post where the table is played."""
        publisher = self.of(table_id)
        context = publisher.context
        if notice is not None:
            context.notices.append(notice)
        if actor is not None:
            context.acted[actor] = self.service.clock()
        if panel is not None and panel.message is not None:
            publisher.panels.hold(panel, panel.message.id)
        if lobby is not None:
            publisher.messages.lobby_interaction = lobby
        table = self.service.tables.get(table_id)
        if table is not None:
            self.broadcasts.changed(table)
        for interaction in (panel, lobby, clicked):
            if interaction is not None and table is not None:
                publisher.pings.note(interaction, table)
                if table.settings.clicks:  # the table speaks through its clicks alone
                    publisher.clicks.hold(interaction)
        publisher.poke()

    def last_acted(self, table_id: int, user_id: int) -> float | None:
        """When the member last acted at the table (clicked it), since this start."""
        publisher = self.tables.get(table_id)
        return publisher.context.acted.get(user_id) if publisher is not None else None

    async def restore(self) -> None:
        """After a restart: load what Discord shows and converge every live table."""
        records = await self.service.storage.shown(list(self.service.tables))
        for table_id in list(self.service.tables):
            publisher = self.of(table_id)
            publisher.context.shown = Shown.model_validate(records.get(table_id, {}))
            publisher.poke()

    def noticed_message(self, message: discord.Message) -> None:
        """Another message in a channel where a table plays without a thread."""
        if message.author.id == getattr(self.port.user, "id", None):
            return
        for publisher in self.tables.values():
            table = self.service.tables.get(publisher.context.table_id)
            in_channel = table is not None and table.thread_id is None
            if in_channel and table is not None and table.channel_id == message.channel.id:
                publisher.board.buried += 1

    def stop(self) -> None:
        for publisher in self.tables.values():
            publisher.cancel()
        self.broadcasts.stop()

    def _closed(self, table_id: int) -> None:
        self.tables.pop(table_id, None)
        self.watchers.forget(table_id)
