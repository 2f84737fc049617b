"""``python -m bot.loadtest discord --watchers N``: the same tables, followed by ``N``
watchers (issue 48), and the server's broadcast post on (in a #tv channel), whatever N.

Watcher ``i`` follows table slot ``i % tables``: it opens its view with ``/watch
member:`` (the slot's first member) and, after each move at that table, presses its
view's Refresh (a new match at the slot: ``/watch member:`` again). A refresh answers
the watcher's own interaction (a deferred update, then an edit through its token),
which Discord does not count against the bot's rate limit.

What it adds to the report:
- ``watch_views``: watch views drawn (``/watch member:`` answers and refreshes).
- ``stale_watch_views``: views that, right after their refresh settled, showed an
  older move than the table's.
- ``broadcast_edits_per_5s_max``: the most edits of one server's broadcast post in any
  5 seconds of virtual time (0: no broadcast post).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import probes
from .discord_load import DiscordLoad, simulated_bot
from .patience import act
from .world import Slot

BROADCAST_WINDOW = 5.0


class WatchedLoad(DiscordLoad):
    """``DiscordLoad`` with a crowd of watchers refreshing their views after each move."""

    def __init__(self, env, bot, *, watchers: int, **options: Any) -> None:
        super().__init__(env, bot, **options)
        self.crowd_size = watchers
        self.crowd: list[Any] = []
        self.views: dict[int, Any] = {}
        """Watcher index → the message of their watch view."""
        self.following: dict[int, int | None] = {}
        """Watcher index → the table its view shows."""
        self.watch_views = 0
        self.stale_watch_views = 0

    async def setup(self) -> None:
        await super().setup()
        guild = self.channel.guild
        tv = guild.create_text_channel("tv")
        storage = self.bot.storage
        settings = await storage.guild_settings(guild.id)
        await storage.save_guild_settings(guild.id, replace(settings, broadcast_channel=tv.id))
        users = (self.env.create_user(f"w{i}") for i in range(self.crowd_size))
        self.crowd = [guild.add_member(user) for user in users]

    async def play(self, slot: Slot, player) -> None:
        await super().play(slot, player)
        for index in range(slot.index, len(self.crowd), len(self.slots)):
            await self._refresh(index, slot)

    async def _refresh(self, index: int, slot: Slot) -> None:
        """Watcher ``index`` brings its view of ``slot``'s match up to date."""
        watcher, table_id = self.crowd[index], slot.table_id
        if table_id is None:
            return
        if self.following.get(index) != table_id or index not in self.views:
            member = slot.players[0].actor
            result = await act(self.env, watcher.slash(self.channel, "watch", member=member.user))
        else:
            custom_id = f"esc:watch:{table_id}:refresh"
            result = await act(self.env, watcher.click(self.views[index], custom_id=custom_id))
        view = probes.ephemeral_panel(result)
        if view is None:
            return  # the match ended between the move and the refresh: nothing to watch
        self.views[index], self.following[index] = view, table_id
        self.watch_views += 1
        table = self.service.tables.get(table_id)
        shown = probes.board_version(view, table_id)
        if table is not None and shown is not None and shown < table.version:
            self.stale_watch_views += 1

    def broadcast_edits_per_5s_max(self) -> int:
        """The most posts or edits of one server's broadcast post in any 5 seconds."""
        by_server: dict[int, list[float]] = {}
        for guild_id, when in self.bot.publisher.broadcasts.edits:
            by_server.setdefault(guild_id, []).append(when)
        most = 0
        for times in by_server.values():
            for start in times:
                most = max(most, sum(start <= t < start + BROADCAST_WINDOW for t in times))
        return most

    def report(self, seconds: float) -> dict[str, Any]:
        return {
            **super().report(seconds),
            "watchers": self.crowd_size,
            "watch_views": self.watch_views,
            "stale_watch_views": self.stale_watch_views,
            "broadcast_edits_per_5s_max": self.broadcast_edits_per_5s_max(),
        }


async def run_watched_benchmark(*, watchers: int, seed: int = 1, **options: Any) -> dict:
    """``run_discord_benchmark``'s tables followed by ``watchers`` watchers."""
    moves = options.pop("moves", 2000)
    async with simulated_bot(seed) as (env, bot):
        load = WatchedLoad(env, bot, watchers=watchers, target=moves, seed=seed, **options)
        return await load.run()
