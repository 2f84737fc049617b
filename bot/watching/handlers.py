"""The croupier's handlers for watchers: ``/watch`` (the list, or a member's match),
a Watch button (a new private view) and a watcher's Refresh (that view again).

Each answers the watcher's own interaction, privately: no message reaches the
players and no rate-limited call is made for a watcher (an interaction's answers are
not rate-limited). What a watcher sees is drawn from ``screens.watch.PublicTable``."""

from __future__ import annotations

import logging

import discord

from ..boundary import ErrorBoundary, refusals_answered
from ..i18n import language_of
from ..publishing import DiscordPort, Publisher
from ..screens.common import origin_of
from ..screens.watch import public_table, watch_layout, watch_pictures
from ..screens.watch_list import Listed, watch_list
from ..tables import Origin, Table, TableError, TableService, may_look_at
from ..tables.results import members
from ..tournaments.service import TournamentService
from .doors import WatchFacts, hidden, is_quick, listed_here, watch_refusal
from .listing import MAX_CANDIDATES, RECENT_MATCHES, is_final, ranked

log = logging.getLogger(__name__)


class WatchHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    service: TableService
    publisher: Publisher
    port: DiscordPort
    tournaments: TournamentService

    @refusals_answered
    async def watch(self, interaction: discord.Interaction, member: discord.abc.User | None):
        """``/watch``: the matches the member may watch, or ``member``'s match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        through_member = (
            interaction.is_user_integration() and not interaction.is_guild_integration()
        )
        if interaction.guild_id is not None and through_member:  # a server without the bot
            raise TableError("watch.no_bot")
        if member is not None:
            await self._show_watched(interaction, await self._playing(member), opening=True)
            return
        asking = origin_of(interaction)
        matches = await self._listed(asking)
        lang = language_of(interaction.locale)
        await interaction.edit_original_response(view=watch_list(ranked(matches), lang))

    @refusals_answered
    async def on_watch(self, interaction: discord.Interaction, table_id: int, action: str):
        """A Watch button (``open``: a new private view) or a view's Refresh."""
        opening = action == "open"
        if opening:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()  # the view clicked is brought up to date
        table = self.service.tables.get(table_id) or await self.service.load(table_id)
        await self._show_watched(interaction, table, opening=opening)

    async def _show_watched(self, interaction: discord.Interaction, table: Table, *, opening: bool):
        facts = await self._facts(table)
        refusal = watch_refusal(table, origin_of(interaction), facts, opening=opening)
        if refusal is not None:
            raise TableError(refusal)
        user_id = interaction.user.id
        seen = public_table(table, self.publisher.watchers.note(table.id, user_id))
        own = table.seat_of(user_id) is not None
        lang = language_of(interaction.locale)
        replays = may_look_at(table, origin_of(interaction))
        view = watch_layout(seen, lang, self.port.card_faces, own=own, replays=replays)
        log.debug("watch view of table %s (version %s) drawn", table.id, table.version)
        pictures = await watch_pictures(seen, self.publisher.watchers.drawn(table.id))
        await interaction.edit_original_response(view=view, attachments=pictures)

    async def _playing(self, member: discord.abc.User) -> Table:
        """The match ``member`` plays now (``watch.not_playing`` when none)."""
        quick = [t for t in await self._quick_elsewhere() if t.seat_of(member.id) is not None]
        held = [*self.service.live_for(member.id), *quick]
        playing = [t for t in held if t.status == "playing"]
        if not playing:
            raise TableError("watch.not_playing", name=member.display_name)
        return max(playing, key=lambda table: table.id)

    async def _facts(self, table: Table) -> WatchFacts:
        storage = self.service.storage
        if is_quick(table):
            return WatchFacts(member_opted_out=bool(await storage.unwatched(members(table))))
        return WatchFacts(server_allows=(await storage.guild_settings(table.guild_id)).watching)

    async def _listed(self, asking: Origin) -> list[Listed]:
        """The matches ``asking`` may watch now, with what ranks them."""
        storage = self.service.storage
        held = [*self.service.tables.values(), *await self._quick_elsewhere()]
        here = [t for t in held if listed_here(t, asking)]
        here = sorted(here, key=lambda table: -table.id)[:MAX_CANDIDATES]
        quick_members = [user for t in here if is_quick(t) for user in members(t)]
        opted_out = await storage.unwatched(quick_members)
        server = await storage.guild_settings(asking.guild_id) if asking.guild_id else None
        partners = await self._partners(asking)
        listed = []
        for table in here:
            facts = WatchFacts(
                server_allows=server is not None and server.watching,
                member_opted_out=bool(opted_out & set(members(table))),
            )
            if hidden(table, facts):
                continue
            ratings = await self._ratings(table)
            best = max((rating.shown for rating in ratings.values()), default=0)
            friend = not is_quick(table) and bool(partners & set(members(table)))
            listed.append(Listed(public_table(table), self._is_final(table), best, friend))
        return listed

    async def _quick_elsewhere(self) -> list[Table]:
        """Quick play's matches when another process plays them (shard 0's, read from
        the database: a watcher's view reads it too)."""
        shards = self.service.shards
        if shards is None or 0 in shards.ids:
            return []
        rows = await self.service.storage.live_quick_tables(MAX_CANDIDATES)
        return [Table.from_row(row) for row in rows]

    async def _partners(self, asking: Origin) -> set[int]:
        """Whom the asker played with in the server's recent finished matches (quick
        play's members are anonymous: none there)."""
        if not asking.guild_id:
            return set()
        rows = await self.service.storage.finished_tables(asking.guild_id, limit=RECENT_MATCHES)
        partners: set[int] = set()
        for row in rows:
            seated = {seat["user_id"] for seat in row["seats"] if seat.get("bot") is None}
            if asking.user_id in seated:
                partners |= seated - {asking.user_id}
        return partners

    async def _ratings(self, table: Table):
        storage = self.service.storage
        if is_quick(table):
            return await storage.global_ratings(table.game, members(table))
        return await storage.ratings(table.guild_id, table.game, members(table))

    def _is_final(self, table: Table) -> bool:
        marker = table.settings.tournament
        if not marker:
            return False
        tournament = self.tournaments.tournaments.get(int(marker.split("/")[0]))
        return tournament is not None and is_final(marker, tournament.rounds)
