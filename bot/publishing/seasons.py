"""Posting a closed season's results, once, to the channel a server chose for them.

A close waits in ``season_closes`` until it is posted. Before posting, the channel's
recent messages are read for the bot's own post of that season (its footer names the
season's key): a post sent just before a restart or a kill, and not yet recorded, is
recorded instead of sent again. A server without a results channel, or whose channel
refuses the bot (403/404), has nothing posted and its close is recorded as done (the
refusal logged once); other failures are tried again at the next check.
"""

from __future__ import annotations

import logging

import discord

from ..games import GAMES
from ..i18n import public_language
from ..screens.season_results import SHOWN, marker, season_results
from ..storage import Storage
from .port import DiscordPort

log = logging.getLogger(__name__)

LOOK_BACK = 50
"""Recent messages of the channel read for an earlier post of the same season."""


class SeasonPoster:
    """Posts the results of closed seasons for the servers this process sees."""

    def __init__(self, port: DiscordPort, storage: Storage) -> None:
        self.port, self.storage = port, storage

    async def post_due(self) -> None:
        for guild_id, season in await self.storage.closes_to_post():
            guild = self.port.get_guild(guild_id)
            if guild is not None:  # else another process's shard, or the bot left
                await self.post(guild, season)

    async def post(self, guild: discord.Guild, season: str) -> None:
        settings = await self.storage.guild_settings(guild.id)
        standings = {}
        for game in GAMES:
            if finishes := await self.storage.standings(guild.id, season, game):
                standings[game] = finishes
        if settings.season_channel is None or not standings:
            await self.storage.mark_posted(guild.id, season)
            return
        channel = self.port.get_partial_messageable(settings.season_channel)
        try:
            if not await self._posted_before(channel, season):
                lang = public_language(settings.language, guild.preferred_locale)
                shown = {f.user_id for finishes in standings.values() for f in finishes[:SHOWN]}
                names = await self.storage.member_names(guild.id, sorted(shown))
                embeds, files = season_results(season, standings, names, lang)
                await channel.send(embeds=embeds, files=files)
        except (discord.Forbidden, discord.NotFound) as refused:
            log.warning("cannot post season %s of server %d: %s", season, guild.id, refused)
        await self.storage.mark_posted(guild.id, season)

    async def _posted_before(self, channel: discord.PartialMessageable, season: str) -> bool:
        me = self.port.user
        async for message in channel.history(limit=LOOK_BACK):
            if me is not None and message.author.id == me.id:
                footers = (embed.footer.text or "" for embed in message.embeds)
                if any(text.endswith(marker(season)) for text in footers):
                    return True
        return False
