"""A server's broadcast post (``/settings broadcast``): one message, in the channel the
server chose, showing its featured match as watchers see it (``screens.watch``): its
tournament's final, else its highest-rated match in play.

One keeper a server edits the post when the featured match changed, at most once every
``EVERY`` seconds whatever the number of moves, tables or watchers: a server's whole
audience costs one rate-limited call every few seconds. The post's id is kept in the
database (``bot_meta``), so a restart edits the same post."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import tasks

from ..screens.watch import broadcast_idle, public_table, watch_layout, watch_pictures
from ..screens.watch_list import Listed
from ..tables import FRIENDS, Table, TableService
from ..tables.results import members
from ..watching.listing import is_final, ranked
from .port import DiscordPort

log = logging.getLogger(__name__)

EVERY = 5.0
"""Seconds between two edits of a server's broadcast post, at the least."""


class Broadcasts:
    """Every server's broadcast post, for one bot."""

    def __init__(self, port: DiscordPort, service: TableService) -> None:
        self.port = port
        self.service = service
        self.rounds_of: Callable[[int], int | None] = lambda _tournament: None
        """A tournament's number of rounds (its final is featured first)."""
        self.dirty: set[int] = set()
        """Servers whose tables changed since their post was last looked at."""
        self.ticker = tasks.loop(seconds=EVERY)(self._tick)
        self.shown: dict[int, Any] = {}
        self.last_edit: dict[int, float] = {}
        self.edits: list[tuple[int, float]] = []
        """(server, when) of every post or edit (the benchmark reads them)."""

    def changed(self, table: Table) -> None:
        """A table of a server changed: its broadcast post may have to follow (at the
        keeper's next tick)."""
        guild_id = table.guild_id
        if guild_id in (0, FRIENDS) or table.settings.clicks:
            return
        self.dirty.add(guild_id)
        if not self.ticker.is_running():
            self.ticker.start()

    def stop(self) -> None:
        self.ticker.cancel()

    async def _tick(self) -> None:
        """Every ``EVERY`` seconds: each server whose tables changed, shown once."""
        now = self.service.clock()
        for guild_id in sorted(self.dirty):
            if now - self.last_edit.get(guild_id, float("-inf")) < EVERY:
                continue  # the loop restarted early: this server waits for the next tick
            self.dirty.discard(guild_id)
            try:
                await self._show(guild_id)
            except (discord.HTTPException, OSError) as exc:
                log.warning("guild %s: the broadcast post failed (%s)", guild_id, exc)

    async def _show(self, guild_id: int) -> None:
        storage = self.service.storage
        settings = await storage.guild_settings(guild_id)
        if not settings.broadcast_channel or not settings.watching:
            return
        featured = await self._featured(guild_id)
        key = (featured.id, featured.version, featured.status) if featured else None
        if key == self.shown.get(guild_id):
            return
        lang = settings.language or "en"
        if featured is None:
            shown: dict[str, Any] = {"view": broadcast_idle(lang), "attachments": []}
        else:
            seen = public_table(featured)
            view = watch_layout(seen, lang, self.port.card_faces, shared=True)
            shown = {"view": view, "attachments": await watch_pictures(seen)}
        await self._post(guild_id, settings.broadcast_channel, shown)
        self.shown[guild_id] = key
        self.last_edit[guild_id] = self.service.clock()
        self.edits.append((guild_id, self.last_edit[guild_id]))

    async def _post(self, guild_id: int, channel_id: int, shown: dict[str, Any]) -> None:
        """Edit the post, or send it (the first time, or when it was deleted)."""
        storage = self.service.storage
        meta = f"broadcast/{guild_id}/{channel_id}"
        channel = self.port.get_partial_messageable(channel_id)
        message_id = await storage.meta(meta)
        if message_id:
            try:
                await channel.get_partial_message(int(message_id)).edit(**shown)
                return
            except discord.NotFound:
                pass
        files = shown.pop("attachments")
        message = await channel.send(files=files, **shown)
        await storage.set_meta(meta, str(message.id))

    async def _featured(self, guild_id: int) -> Table | None:
        """The server's most interesting match in play that is not private."""
        playing = [
            table
            for table in self.service.tables.values()
            if table.guild_id == guild_id and table.status == "playing"
        ]
        playing = [table for table in playing if not table.settings.private]
        listed = []
        for table in playing:
            ratings = await self.service.storage.ratings(guild_id, table.game, members(table))
            best = max((rating.shown for rating in ratings.values()), default=0)
            listed.append(Listed(public_table(table), self._is_final(table), best))
        best_first = ranked(listed)
        if not best_first:
            return None
        return self.service.tables.get(best_first[0].seen.shell.id)

    def _is_final(self, table: Table) -> bool:
        marker = table.settings.tournament
        if not marker:
            return False
        rounds = self.rounds_of(int(marker.split("/")[0]))
        return rounds is not None and is_final(marker, rounds)
