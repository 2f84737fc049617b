"""The publisher: one per table, it brings Discord in line with the saved table.

Handlers change a table through the service (which saves it) and then poke the
table's publisher. The publisher compares the table with what Discord shows and
makes the calls that close the gap: the lobby message, the results of finished
hands, the board (a Components V2 message, a fresh one each hand), every member's
hand panel and the turn ping. It is also the table's clock: a bot's move, a turn
timer running out and a retry after a failed call are steps of the same loop, so
there is one code path from "the table changed" to "Discord shows it".

What Discord shows is the publisher's own record (``Shown``, saved apart from the
table and only when a message id changes), plus what it keeps in memory only:
what each panel last showed and the interactions that can still edit a panel.
An interaction token is a credential, valid 15 minutes: it is never saved.

Choices where the issue is silent:
- Bursts merge: a move is published at once, unless a bot's answer is due within
  ``publish_pause`` (it waits ``bot_pause``): then the answer is played first and
  both are shown by one board edit, the log telling each.
- Timing reads the service's clock (Discord's, SimCord's in tests), so waits,
  quiet periods and token lifetimes agree with the turn timers.
- A panel is edited through the interaction of the member's last click on it
  (not counted against Discord's global rate limit) while that token lives;
  otherwise a DM panel is edited through the REST API, and an ephemeral panel is
  left until the member clicks it again (a stale click then shows the current hand).
- A member whose turn begins gets one ping (a reply to the board with "My hand")
  unless they acted in the last ``ping_quiet`` seconds; the previous ping goes.
- Without a thread, a board buried under ``BURIED_AFTER`` other messages is posted
  again at the bottom at the next move.
- Failed calls are retried with a growing back-off (Discord's 429s are waited out
  by discord.py itself); the board keeps at most 5 edits per 5 seconds.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel, Field

from .ai.coach import Hint
from .ai.seats import STAND_IN
from .i18n import language_of, tr
from .render import (
    board_pictures,
    hand_pictures,
    hand_score_embed,
    lobby_embed,
    match_over_embed,
    panel_embed,
)
from .tables import Table, TableService, bot_view
from .views import board_layout, lobby_view, panel_view, ping_view, rematch_view

if TYPE_CHECKING:
    from .client import EscobaBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007
TOKEN_LIFETIME = 14 * 60
"""Seconds an interaction may still edit a panel (Discord allows 15 minutes)."""
BURIED_AFTER = 5
EDITS_PER_WINDOW = 5
RETRY_SECONDS = (1, 2, 5, 10, 30)
THREAD_ARCHIVE_MINUTES = 1440


class Shown(BaseModel):
    """What Discord shows of one table; written by its publisher only."""

    lobby_message_id: int | None = None
    board_message_id: int | None = None
    board_hand: int = -1
    """The hand the board message was posted for (each hand gets a fresh one)."""
    panels: dict[str, list[int]] = Field(default_factory=dict)
    """Member id → [DM channel id, message id] of their DM panel."""
    dm_failed: list[int] = Field(default_factory=list)
    ping: list[int] = Field(default_factory=list)
    """[message id, member id, the version the pinged turn opened at], when pinged."""
    results_posted: int = 0
    closed: bool = False
    """The line saying why a started match ended early has been posted."""


@dataclass
class PanelHandle:
    """An interaction whose original response is a member's panel: it edits that panel
    without counting against the global rate limit, until it expires."""

    interaction: discord.Interaction
    message_id: int
    expires: float


class Publisher:
    """Every table's publisher, for one bot."""

    def __init__(
        self,
        bot: EscobaBot,
        service: TableService,
        *,
        publish_pause: float,
        hand_pause: float,
        bot_pause: float,
        ping_quiet: float,
        edit_window: float = 5.0,
    ) -> None:
        self.bot = bot
        self.edit_window = edit_window
        """Seconds in which a board takes at most ``EDITS_PER_WINDOW`` edits (Discord's
        5 per 5 s a channel); 0 in tests, whose simulated clock does not move by itself."""
        self.service = service
        self.publish_pause = publish_pause
        self.hand_pause = hand_pause
        self.bot_pause = bot_pause
        self.ping_quiet = ping_quiet
        self.tables: dict[int, TablePublisher] = {}

    def of(self, table_id: int) -> TablePublisher:
        publisher = self.tables.get(table_id)
        if publisher is None:
            publisher = self.tables[table_id] = TablePublisher(self, table_id)
        return publisher

    def poke(
        self,
        table_id: int,
        *,
        actor: int | None = None,
        panel: discord.Interaction | None = None,
        lobby: discord.Interaction | None = None,
        notice: tuple[str, dict[str, Any]] | None = None,
    ) -> None:
        """The table changed (or a member clicked a panel or the lobby): bring Discord in
        line. ``actor`` is the member who acted; ``panel`` and ``lobby`` are interactions
        whose original response is that member's panel or the lobby message; ``notice``
        is a line (catalog key, parameters) to post where the table is played."""
        publisher = self.of(table_id)
        if notice is not None:
            publisher.notices.append(notice)
        if actor is not None:
            publisher.acted[actor] = self.service.clock()
        if panel is not None and panel.message is not None:
            publisher.hold_panel(panel, panel.message.id)
        if lobby is not None:
            publisher.lobby_interaction = lobby
        publisher.poke()

    async def restore(self) -> None:
        """After a restart: load what Discord shows and converge every live table."""
        records = await self.service.storage.shown(list(self.service.tables))
        for table_id in list(self.service.tables):
            publisher = self.of(table_id)
            publisher.shown = Shown.model_validate(records.get(table_id, {}))
            publisher.poke()

    def noticed_message(self, message: discord.Message) -> None:
        """Another message in a channel where a table plays without a thread."""
        if message.author.id == getattr(self.bot.user, "id", None):
            return
        for publisher in self.tables.values():
            table = self.service.tables.get(publisher.table_id)
            in_channel = table is not None and table.thread_id is None
            if in_channel and table.channel_id == message.channel.id:
                publisher.buried += 1

    def stop(self) -> None:
        for publisher in self.tables.values():
            publisher.cancel()


class TablePublisher:
    """Brings Discord in line with one table. ``poke`` runs its loop if it is idle."""

    def __init__(self, hub: Publisher, table_id: int) -> None:
        self.hub = hub
        self.table_id = table_id
        self.shown = Shown()
        self.dirty = False
        self.changed_at = 0.0
        self.acted: dict[int, float] = {}
        self.handles: dict[int, dict[str, PanelHandle]] = {}
        self.panel_keys: dict[int, tuple] = {}
        self.lobby_interaction: discord.Interaction | None = None
        self.hints: dict[tuple[int, int], Hint] = {}
        """The coach's hint per (version, seat), for the panels and ``/hint`` of one turn."""
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.doomed: list[discord.PartialMessage] = []
        """Messages to delete once the record no longer points at them."""
        self.lobby_key: Any = None
        self.board_key: Any = None
        self.buried = 0
        self.failures = 0
        self.edits: collections.deque[float] = collections.deque(maxlen=EDITS_PER_WINDOW)
        self.worker: asyncio.Task | None = None
        self.alarm: asyncio.Task | None = None

    @property
    def bot(self) -> EscobaBot:
        return self.hub.bot

    @property
    def service(self) -> TableService:
        return self.hub.service

    def where(self) -> str:
        """Which table and server a log line is about."""
        table = self.service.tables.get(self.table_id)
        guild = table.guild_id if table is not None else "?"
        return f"table {self.table_id} (guild {guild})"

    # -- the loop ----------

    def poke(self) -> None:
        self.dirty = True
        self.changed_at = self.service.clock()
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())

    def repost(self) -> None:
        """``/table``: the board again, at the bottom of the conversation."""
        self.buried = BURIED_AFTER
        self.poke()

    def cancel(self) -> None:
        for task in (self.worker, self.alarm):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def _work(self) -> None:
        while self.dirty:
            self.dirty = False
            try:
                await self._step()
            except Exception:
                log.exception("%s: publishing failed", self.where())
                self._retry_later()

    async def _step(self) -> None:
        await self._play_due_moves()
        table = self.service.tables.get(self.table_id)
        if table is None:
            return
        try:
            await self._reconcile(table)
        except discord.HTTPException as exc:
            log.warning("%s: Discord refused a call: %s", self.where(), exc)
            self._retry_later()
            return
        self.failures = 0
        if not table.is_live:
            self.hub.tables.pop(table.id, None)
            self.cancel()
            return
        self._set_alarm(table)

    def _retry_later(self) -> None:
        delay = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
        self.failures += 1
        self._wake_in(delay)

    def _set_alarm(self, table: Table) -> None:
        """Wake the loop when the table's next automatic move is due."""
        delay = self._due_in(table)
        if delay is not None:
            self._wake_in(max(delay, 0))

    def _due_in(self, table: Table) -> float | None:
        """Seconds until the next automatic move: a bot's (``bot_pause`` after the last
        change), or the stand-in's for a member whose turn timer runs out; None if none."""
        if table.status != "playing":
            return None
        if table.seats[table.state.turn].autoplayed:
            return self.changed_at + self.hub.bot_pause - self.service.clock()
        if table.ui.turn_deadline:
            return table.ui.turn_deadline - self.service.clock()
        return None

    def _wake_in(self, delay: float) -> None:
        if self.alarm is not None and self.alarm is not asyncio.current_task():
            self.alarm.cancel()
        self.alarm = asyncio.create_task(self._wake_after(delay))

    async def _wake_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.dirty = True
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())

    async def _play_due_moves(self) -> None:
        """Play the automatic moves due now, and those due within ``publish_pause``
        (waiting for them), so a move and the bots' answers are published together.
        The table is read afresh each time: every saved change is a new ``Table``."""
        while (table := self.service.tables.get(self.table_id)) is not None:
            wait = self._due_in(table)
            if wait is None or wait > self.hub.publish_pause:
                return
            if wait > 0:
                await asyncio.sleep(wait)
            elif not await self._play_automatic(table):
                return

    async def _play_automatic(self, table: Table) -> bool:
        """Play the move of a bot, a seat taken over, or a member whose timer ran out;
        False when the table moved on meanwhile."""
        seat = table.seats[table.state.turn]
        version = table.version
        level = seat.bot or STAND_IN
        with self.bot.metrics.ai_decision.labels(level).time():
            move = await self.bot.bots.decide(
                level, table.state.game, bot_view(table), f"{table.id}/{version}"
            )
        timed_out = not seat.autoplayed
        outcome = await self.service.play_for(table.id, version, move, timed_out=timed_out)
        if outcome is None:
            return False
        if outcome.took_over:
            self.notices.append(("seat.taken_over", {"mention": f"<@{seat.user_id}>"}))
        return True

    # -- reconciling ----------

    async def _reconcile(self, table: Table) -> None:
        before = self.shown.model_dump()
        try:
            await self._lobby(table)
            posted = await self._results(table)
            if table.state is not None:
                if posted and table.status == "playing" and self.hub.hand_pause > 0:
                    await asyncio.sleep(self.hub.hand_pause)
                await self._board(table)
                await self._panels(table)
            await self._notices(table)
            await self._ping(table)
        finally:
            after = self.shown.model_dump()
            if _worth_saving(before, after):
                await self.service.storage.save_shown(table.id, after)
        while self.doomed:
            await _delete(self.doomed.pop())

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def _lobby(self, table: Table) -> None:
        if self.shown.lobby_message_id is None:
            return
        seats = [(seat.user_id, seat.name, seat.team, seat.bot) for seat in table.seats]
        key = (table.status, table.ui.end_reason, table.host_id, seats, repr(table.options))
        key += (table.thread_id, repr(table.ui.advanced), table.ui.hints)
        if key == self.lobby_key:
            return
        embed, view = lobby_embed(table, table.locale), lobby_view(table, table.locale)
        interaction, self.lobby_interaction = self.lobby_interaction, None
        if interaction is not None and _message_id(interaction) == self.shown.lobby_message_id:
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(embed=embed, view=view)
                self.lobby_key = key
                return
        message = self.channel(table.channel_id).get_partial_message(self.shown.lobby_message_id)
        try:
            await message.edit(embed=embed, view=view)
        except discord.NotFound:
            self.shown.lobby_message_id = None
        self.lobby_key = key

    async def _results(self, table: Table) -> bool:
        """Post the hand and match results not posted yet; True when any were."""
        pending = table.ui.results[self.shown.results_posted :]
        channel = self.channel(table.play_channel_id)
        for event in pending:
            lang = table.locale
            if event["kind"] == "hand_scored":
                await channel.send(embed=hand_score_embed(table, event, lang))
            else:
                await channel.send(
                    embed=match_over_embed(table, event, lang), view=rematch_view(table, lang)
                )
            self.shown.results_posted += 1
        return bool(pending)

    async def _notices(self, table: Table) -> None:
        """Post the lines waiting (a seat taken over, a member back) and, once, why a
        started match was cancelled or abandoned."""
        while self.notices:
            key, params = self.notices[0]
            await self._say(table, key, **params)
            self.notices.pop(0)
        if table.status == "cancelled" and table.state is not None and not self.shown.closed:
            await self._say(table, f"end.{table.ui.end_reason or 'cancelled'}")
            self.shown.closed = True

    async def _board(self, table: Table) -> None:
        key = (*_panel_key(table), table.ui.turn_deadline, repr(table.seats))
        hand = table.state.hand_no
        playing = table.status == "playing"
        fresh = self.shown.board_message_id is None or self.shown.board_hand != hand
        fresh = playing and (fresh or self.buried >= BURIED_AFTER)
        if not fresh and (key == self.board_key or self.shown.board_message_id is None):
            return
        layout = board_layout(table, table.locale)
        files = await board_pictures(table)
        channel = self.channel(table.play_channel_id)
        if not fresh:
            await self._edit_slot()
            try:
                await channel.get_partial_message(self.shown.board_message_id).edit(
                    view=layout, attachments=files
                )
                self.board_key = key
                return
            except discord.NotFound:
                files = await board_pictures(table)
        message = await channel.send(view=layout, files=files)
        old = self.shown.board_message_id
        self.shown.board_message_id, self.shown.board_hand = message.id, hand
        self.board_key, self.buried = key, 0
        if old is not None:
            self.doomed.append(channel.get_partial_message(old))

    async def _edit_slot(self) -> None:
        """Wait until the board may be edited again (5 edits per 5 seconds a channel)."""
        now = self.service.clock()
        slot = now
        if len(self.edits) == EDITS_PER_WINDOW:
            slot = max(now, self.edits[0] + self.hub.edit_window)
            await asyncio.sleep(slot - now)
        self.edits.append(slot)

    def board_url(self, table: Table) -> str | None:
        if self.shown.board_message_id is None:
            return None
        return (
            f"https://discord.com/channels/{table.guild_id}/{table.play_channel_id}/"
            f"{self.shown.board_message_id}"
        )

    # -- panels ----------

    def hold_panel(self, interaction: discord.Interaction, message_id: int) -> None:
        """Keep ``interaction`` to edit the panel ``message_id`` of its member later: the
        latest one of each kind (DM, ephemeral) a member clicked or opened."""
        handles = self.handles.setdefault(interaction.user.id, {})
        kind = "dm" if interaction.guild_id is None else "ephemeral"
        handle = PanelHandle(interaction, message_id, self.service.clock() + TOKEN_LIFETIME)
        old = handles.get(kind)
        if old is not None:
            self.panel_keys.pop(old.message_id, None)
        handles[kind] = handle
        self.panel_keys.pop(message_id, None)

    async def show_panel(self, interaction: discord.Interaction, table: Table, seat: int) -> None:
        """Show ``seat``'s panel as the (deferred) response of ``interaction`` and keep it
        up to date from then on."""
        message = await self._edit_through(interaction, table, seat)
        if message is not None:
            self.hold_panel(interaction, message.id)
            self.panel_keys[message.id] = _panel_key(table)

    async def _panels(self, table: Table) -> None:
        for seat, player in enumerate(table.seats):
            if player.bot is not None:
                continue
            done = await self._live_panels(table, seat)
            if self._uses_dm(table, player.user_id):
                await self._dm_panel(table, seat, done)

    async def _live_panels(self, table: Table, seat: int) -> set[int]:
        """Edit the member's panels that an interaction can still edit; their ids."""
        handles = self.handles.get(table.seats[seat].user_id, {})
        now = self.service.clock()
        done = set()
        for kind, handle in list(handles.items()):
            fresh = self.panel_keys.get(handle.message_id) == _panel_key(table)
            if handle.expires <= now or not (
                fresh or await self._edit_through(handle.interaction, table, seat)
            ):
                del handles[kind]
                continue
            self.panel_keys[handle.message_id] = _panel_key(table)
            done.add(handle.message_id)
        return done

    async def _edit_through(
        self, interaction: discord.Interaction, table: Table, seat: int
    ) -> discord.Message | None:
        lang = table.seats[seat].locale if interaction.guild_id is None else _lang(interaction)
        embed, view = await self.panel(table, seat, lang)
        try:
            return await interaction.edit_original_response(
                embed=embed, view=view, attachments=await hand_pictures(table, seat)
            )
        except discord.HTTPException as exc:
            log.info("%s: a panel's interaction expired: %s", self.where(), exc)
            return None

    def _uses_dm(self, table: Table, user_id: int) -> bool:
        return table.ui.dm_hands and user_id not in self.shown.dm_failed

    async def _dm_panel(self, table: Table, seat: int, done: set[int]) -> None:
        player = table.seats[seat]
        where = self.shown.panels.get(str(player.user_id))
        shown = where is not None and self.panel_keys.get(where[1]) == _panel_key(table)
        if where is not None and (where[1] in done or shown):
            return
        embed, view = await self.panel(table, seat, player.locale)
        files = await hand_pictures(table, seat)
        if where is not None:
            message = self.channel(where[0]).get_partial_message(where[1])
            try:
                await message.edit(embed=embed, view=view, attachments=files)
                self.panel_keys[where[1]] = _panel_key(table)
                return
            except discord.NotFound:
                files = await hand_pictures(table, seat)
        if table.status != "playing":
            return
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            message = await channel.send(embed=embed, view=view, files=files)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED or exc.status == 403:
                self.shown.dm_failed.append(player.user_id)
                self.notices.append(("dm.closed", {"mention": f"<@{player.user_id}>"}))
            return
        except discord.HTTPException as exc:
            # Without a DM panel the member plays from "My hand", as with closed DMs.
            log.warning("%s: DM panel failed: %s", self.where(), exc)
            self.shown.dm_failed.append(player.user_id)
            return
        self.shown.panels[str(player.user_id)] = [message.channel.id, message.id]
        self.panel_keys[message.id] = _panel_key(table)

    async def panel(self, table: Table, seat: int, lang: str) -> tuple[discord.Embed, Any]:
        guild = self.bot.get_guild(table.guild_id)
        channel = self.bot.get_channel(table.play_channel_id)
        url = self.board_url(table)
        embed = panel_embed(
            table,
            seat,
            lang,
            guild_name=guild.name if guild else "?",
            channel_name=_channel_path(channel),
            hint=await self.hint(table, seat) if _coached(table, seat) else None,
        )
        return embed, panel_view(table, seat, lang, board_url=url)

    async def hint(self, table: Table, seat: int) -> Hint:
        """The coach's suggestion for ``seat``, whose turn it is (worked out once a turn)."""
        key = (table.version, seat)
        if key not in self.hints:
            view = table.state.observe(seat)
            seed = f"{table.id}/{table.version}/hint"
            self.hints = {key: await self.bot.bots.hint(table.state.game, view, seed)}
        return self.hints[key]

    # -- pings ----------

    async def _ping(self, table: Table) -> None:
        """One ping a turn for a member who has not just acted; the previous one goes."""
        wanted = self._ping_due(table)
        current = self.shown.ping
        if current and wanted and current[1:] == wanted:
            return
        if wanted:
            seat = table.seats[table.state.turn]
            uses_board = not self._uses_dm(table, seat.user_id)
            key = "ping.turn_board" if uses_board else "ping.turn"
            channel = self.channel(table.play_channel_id)
            reference = None
            if self.shown.board_message_id:
                reference = channel.get_partial_message(self.shown.board_message_id)
            message = await channel.send(
                tr(table.locale, key, mention=f"<@{seat.user_id}>", table=table.id),
                view=ping_view(table, table.locale),
                reference=reference,
                mention_author=False,
                allowed_mentions=discord.AllowedMentions(users=True, replied_user=False),
            )
            self.shown.ping = [message.id, *wanted]
        else:
            self.shown.ping = []
        if current:
            self.doomed.append(self.channel(table.play_channel_id).get_partial_message(current[0]))

    def _ping_due(self, table: Table) -> list[int]:
        """[member id, turn] of the ping the table wants now, or [] for none."""
        if table.status != "playing":
            return []
        seat = table.seats[table.state.turn]
        if seat.autoplayed:
            return []
        current = self.shown.ping
        turn = [seat.user_id, table.ui.turn_opened]
        if current and current[1:] == turn:
            return turn
        acted = self.acted.get(seat.user_id)
        if acted is not None and self.service.clock() - acted < self.hub.ping_quiet:
            return []
        return turn

    # -- messages ----------

    async def _say(self, table: Table, key: str, **params: Any) -> None:
        """Post a line of the table's language where the table is played."""
        await self.channel(table.play_channel_id).send(
            tr(table.locale, key, **params),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def open(
        self,
        interaction: discord.Interaction,
        table: Table,
        can_thread: bool,
        invite: str | None = None,
    ) -> None:
        """Show a new table's lobby as the answer to the command that opened it (with
        ``invite``, a rematch's line to the finished match's members), and open its
        thread when the channel allows."""
        lang = table.locale
        message = await interaction.edit_original_response(
            content=invite,
            embed=lobby_embed(table, lang),
            view=lobby_view(table, lang),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        self.shown.lobby_message_id = message.id
        await self.service.storage.save_shown(table.id, self.shown.model_dump())
        if can_thread:
            name = tr(lang, "thread.name", game=tr(lang, f"game.{table.game}"), table=table.id)
            try:
                thread = await message.create_thread(
                    name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
                )
            except discord.HTTPException as exc:
                log.warning("%s: could not open a thread: %s", self.where(), exc)
            else:
                await self.service.set_thread(table.id, thread.id)
        self.lobby_key = None
        self.poke()


def _panel_key(table: Table) -> tuple:
    """What a panel shows changes with every version of the table, and when a card is
    committed (its capture is chosen on the board)."""
    return (table.version, table.status, table.ui.pending is not None)


def _worth_saving(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether the record changed in a way a restart needs: not when only a ping went
    (deleting it again after a restart is harmless), so a turn's ping costs one write."""
    return after != before and (bool(after["ping"]) or after != {**before, "ping": []})


def _coached(table: Table, seat: int) -> bool:
    """Whether ``seat``'s panel shows a hint: hints are on and a card is theirs to play."""
    playing = table.status == "playing" and table.ui.pending is None
    return table.ui.hints and playing and table.state.turn == seat


def _message_id(interaction: discord.Interaction) -> int | None:
    return interaction.message.id if interaction.message is not None else None


def _lang(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


def _channel_path(channel) -> str:
    """``#general › Escoba table #3`` for a thread, ``#general`` for a channel."""
    parent = getattr(channel, "parent", None)
    name = f"#{getattr(channel, 'name', '?')}"
    return f"#{parent.name} › {name[1:]}" if parent is not None else name


async def _delete(message: discord.PartialMessage) -> None:
    """Delete a message of ours if it is still there."""
    with contextlib.suppress(discord.HTTPException):
        await message.delete()
