"""The quick-play pool's runner, in the process that serves DMs (Discord delivers DM
interactions on shard 0 only, so quick-play tables, of no server, are that process's).

Every few seconds it runs a wave (any process may: the pool's rows are locked while a
wave pairs them), opens each pairing's table (the table's insert claims its pairing,
so a pairing recorded just before a kill opens after the restart, once), pokes its
publisher, which sends each member their seat in their DMs, and edits each member's
"searching…" answer through its token: paired, or offered the hard bot. It also gives
the pool's strikes: a member who abandoned a quick-play match, or whose seat the bot
kept after their clock ran out turn after turn.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

import discord

from ..ai.levels import Level
from ..i18n import tr
from ..pool.matchmaking import WAVE_SECONDS
from ..pool.service import PoolService
from ..ratings import Rating
from ..screens.quick import left_embed, paired_embed, searching_message, shown_name
from ..storage.pool import BOT_SIDE
from ..tables import LIVE, Seat, Table, TableError, TableService, pool_key, pool_parts
from .hub import Publisher
from .port import DiscordPort, send_dm

log = logging.getLogger(__name__)

IDLE_SECONDS = 30
"""How often an idle pool shared with other processes is looked at."""
ALONE_SECONDS = 3600
"""How often an idle pool of one process (SQLite) is looked at: its own entries wake
the runner, so this only bounds a forgotten wake."""


class PoolRunner:
    def __init__(self, port: DiscordPort, service: TableService, publisher: Publisher) -> None:
        self.port, self.service, self.publisher = port, service, publisher
        self.pool = PoolService(service.storage, discord.utils.utcnow)  # SimCord's in tests
        if port.simulated:  # the sandbox's clock stands still: the bot is offered at once,
            self.pool.offer_after = timedelta(0)  # and any two members who wait meet
            self.pool.by_rating = False
        self._pending: set[asyncio.Task] = set()
        self._task: asyncio.Task | None = None
        self._sleeping = False
        """The runner waits for its next wave (and may be woken)."""
        service.on_ended.append(self._table_ended)

    def start(self) -> None:
        """Run the waves: every ``WAVE_SECONDS`` while anyone waits; an idle pool is
        looked at now and then (members who enter through another cluster are found
        then), and at once when a member enters here (``note_entered``)."""
        self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def note_entered(self) -> None:
        """A member of this process entered the pool: a wave now, unless one runs."""
        if self._sleeping:
            self.stop()
            self.start()

    async def _run(self) -> None:
        while True:
            try:
                busy = await self.tick()
            except Exception:
                log.exception("cannot run the quick-play pool's wave; trying again")
                busy = False
            self._sleeping = True
            try:
                await asyncio.sleep(self._pause(busy))
            finally:
                self._sleeping = False

    def _pause(self, busy: bool) -> float:
        """Seconds to the next wave: ``WAVE_SECONDS`` while anyone waits; in the sandbox,
        whose clock stands still between clicks, only when a member enters."""
        if busy and not self.port.simulated:
            return WAVE_SECONDS
        return self._idle_seconds()

    def _idle_seconds(self) -> float:
        """On PostgreSQL other processes may enter members: look every ``IDLE_SECONDS``.
        An SQLite file has one process, whose members wake the runner themselves."""
        return IDLE_SECONDS if self.pool.storage.dialect == "postgresql" else ALONE_SECONDS

    async def tick(self) -> bool:
        """One wave of every pool, then every pairing still to open, then the offers;
        whether anyone still waits for a live match (so the next wave is due in
        ``WAVE_SECONDS``: a pool that paired everyone, or whose members wait for slow
        matches, sleeps, and wakes at the next entry or idle look)."""
        storage = self.pool.storage
        if not await storage.pool_busy():
            return False
        wave = await self.pool.waves()
        for pairing in await storage.open_pairings():
            await self.open_pairing(pairing["id"])
        for row in wave.offers:
            await self._offer(row)
        return await storage.pool_busy(live_only=True)  # a slow pool is not in a hurry

    async def open_pairing(self, pairing_id: int) -> Table | None:
        """Open a pairing's table and tell its members; None when it was opened already."""
        pairing = await self.pool.storage.pairing(pairing_id)
        if pairing is None or pairing["table_id"] is not None:
            return None
        data, key = pairing["data"], pairing["game"]
        game, pace = pool_parts(key)
        if pace == LIVE and await self._void_if_busy(pairing_id, key, data):
            return None
        order = [member for side in data["sides"] for member in side]
        ids = [int(member) for member in data["members"]]
        ratings = await self.pool.storage.global_ratings(game, ids)
        level = await self.pool.bot_level(game, ids[0])
        sides = [
            [
                self._seat(member, order.index(member), data["members"], ratings, level)
                for member in side
            ]
            for side in data["sides"]
        ]
        try:
            timed = not self.port.simulated  # the sandbox has no turn timers
            table = await self.service.open_paired(pairing_id, game, sides, timed=timed, pace=pace)
        except TableError as refused:
            if refused.key == "pool.busy":  # a member's other match opened meanwhile
                await self._void_if_busy(pairing_id, key, data)
            return None
        self.publisher.poke(table.id)
        for member, info in data["members"].items():
            await self._tell_paired(table, int(member), info)
        return table

    async def _void_if_busy(self, pairing_id: int, game: str, data: dict[str, Any]) -> bool:
        """A member who started another match meanwhile (at a server's table) plays no
        second one: the pairing is void, the others wait again as they waited."""
        storage = self.pool.storage
        busy = [int(m) for m in data["members"] if await storage.playing_table_of(int(m))]
        if not busy:
            return False
        back = [int(m) for m in data["members"] if int(m) not in busy]
        if await storage.void_pairing(pairing_id, back):
            for member in busy:
                info = data["members"][str(member)]
                await self._edit_answer(info, embed=left_embed(game, info["locale"], "pool.busy"))
        return True

    def _seat(
        self,
        member: int,
        place: int,
        members: dict[str, Any],
        ratings: dict[int, Rating],
        level: Level,
    ) -> Seat:
        """A pairing's member (the ``place``-th seated) as a seat, shown with their
        rating ("1012?" while provisional), or the bot at the ``level`` that suits them."""
        if member == BOT_SIDE[0]:
            locale = next(iter(members.values()))["locale"]
            return Seat(user_id=-1, name=tr(locale, f"bot.name.{level.name}"), bot=level.name)
        info = members[str(member)]
        return Seat(
            user_id=member,
            name=shown_name(info["name"], ratings[member].text, place),
            locale=info["locale"],
        )

    async def _tell_paired(self, table: Table, member: int, info: dict[str, Any]) -> None:
        """Edit the member's searching answer: who they play, and where."""
        side_of = table.engine.side_of
        mine = side_of[table.seat_of(member) or 0]
        opponents = [seat.name for i, seat in enumerate(table.seats) if side_of[i] != mine]
        in_dms = not info["guild_id"]
        key = pool_key(table.game, table.settings.pace)
        embed = paired_embed(key, opponents, info["locale"], in_dms=in_dms)
        await self._edit_answer(info, embed=embed, view=None)

    async def tell_rematch_asked(self, table: Table, asker: int) -> None:
        """A line in the other members' DMs: a rematch was asked, under their match."""
        name = table.seats[table.seat_of(asker) or 0].name
        for seat in table.seats:
            if seat.bot is not None or seat.user_id == asker:
                continue
            text = tr(seat.locale, "pool.rematch_asked", name=name, table=table.id)
            try:
                await send_dm(self.port, seat.user_id, text)
            except discord.HTTPException as exc:
                log.info("a rematch could not be told: %s", exc)

    async def tell_declined(self, row: dict[str, Any]) -> None:
        """The inviter's searching answer, once their partner declined."""
        embed = left_embed(row["game"], row["locale"], "pool.partner_declined")
        await self._edit_answer(row, embed=embed, view=None)

    async def _offer(self, row: dict[str, Any]) -> None:
        """The bot at the member's level now, or keep waiting: offered once, on the
        searching answer."""
        rating = await self.pool.rating(row["game"], row["user_id"])
        level = await self.pool.bot_level(row["game"], row["user_id"])
        since = discord.utils.parse_time(row["joined_at"]) or self.pool.clock()
        locale = row["locale"]
        embed, view = searching_message(row["game"], rating, since, locale, offer=True, level=level)
        await self._edit_answer(row, embed=embed, view=view)

    async def _edit_answer(self, info: dict[str, Any], **shown: Any) -> None:
        """Edit a member's searching answer through its token (none once it expired,
        or before the answer was shown: their DMs tell them all the same)."""
        if not info.get("message_id"):
            return
        try:
            webhook = self.port.answer_webhook(info["token"])
            await webhook.edit_message(info["message_id"], **shown)
        except discord.HTTPException as exc:
            log.info("a pool answer could not be edited: %s", exc)

    def _table_ended(self, table: Table) -> None:
        """Strikes for a quick-play match abandoned, or a seat the bot had to keep (not
        at a match against the hard bot)."""
        if not table.settings.quick:
            return
        struck = []
        if sum(1 for seat in table.seats if seat.bot is None) < 2:
            return  # a match with the hard bot harms nobody when left
        if table.log.left_by is not None:
            struck.append((table.seats[table.log.left_by].user_id, "left"))
        struck += [(seat.user_id, "idle") for seat in table.seats if seat.away]
        for user_id, kind in struck:
            task = asyncio.create_task(self.pool.strike(user_id, kind))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)
