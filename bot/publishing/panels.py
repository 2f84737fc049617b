"""Members' hand panels: a DM panel per member (unless their DMs are closed) and the
ephemeral panels of "My hand", kept up to date.

A panel is edited through the interaction of the member's last click on it (not
counted against Discord's global rate limit) while that token lives; otherwise a DM
panel is edited through the REST API, and an ephemeral panel is left until the
member clicks it again (a stale click then shows the current hand). A member has one
live ephemeral panel: a newer one deletes the older. A card that can take in several
ways shows its captures in the member's panels (``choose``) until the pick or Back.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from ..ai.coach import Hint
from ..i18n import language_of, tr
from ..screens.hand_panel import CardChoice, hand_pictures, panel_message
from ..screens.seat import seat_message, seat_pictures
from ..screens.slow import turn_message
from ..tables import Table, is_slow
from .board import BoardKeeper, shown_version
from .context import TOKEN_LIFETIME, Handle, TableContext

log = logging.getLogger(__name__)


class PanelKeeper:
    """Keeps every member's panels at one table in line with it."""

    def __init__(self, context: TableContext, board: BoardKeeper) -> None:
        self.context = context
        self.board = board
        self.handles: dict[int, dict[str, Handle]] = {}
        """Member id → their latest live panel interaction of each kind (dm, ephemeral)."""
        self.shown_keys: dict[int, tuple[Any, ...]] = {}
        """Panel message id → what it shows (``shown_version``)."""
        self.choices: dict[int, tuple[int, CardChoice]] = {}
        """Member id → (version, the card whose captures their panels show)."""
        self.superseded: list[Handle] = []
        """Panels a newer one replaced: deleted (while their token lives), then let go."""
        self.hints: dict[tuple[int, int], Hint] = {}
        """The coach's hint per (version, seat), for the panels and ``/hint`` of one turn."""

    def hold(
        self, interaction: discord.Interaction, message_id: int, *, aside: bool = False
    ) -> None:
        """Keep ``interaction`` to edit the panel ``message_id`` of its member later: the
        latest one of each kind (DM, ephemeral) a member clicked or opened (``aside``:
        the panel is a follow-up of the interaction, not its response)."""
        handles = self.handles.setdefault(interaction.user.id, {})
        kind = "dm" if interaction.guild_id is None else "ephemeral"
        old = handles.get(kind)
        if old is not None:
            self.shown_keys.pop(old.message_id, None)
            if old.message_id != message_id:
                self.superseded.append(old)
        expires = self.context.now() + TOKEN_LIFETIME
        handles[kind] = Handle(interaction, message_id, expires, aside=aside)
        self.shown_keys.pop(message_id, None)

    def choose(self, user_id: int, version: int, choice: CardChoice | None) -> None:
        """Show ``choice`` (a card's captures) in the member's panels at ``version``, or
        (None) their hand again: each of their panels is drawn afresh."""
        if choice is None:
            self.choices.pop(user_id, None)
        else:
            self.choices[user_id] = (version, choice)
        panels = {handle.message_id for handle in self.handles.get(user_id, {}).values()}
        where = self.context.shown.panels.get(str(user_id))
        if where is not None:
            panels.add(where[1])
        for message_id in panels:
            self.shown_keys.pop(message_id, None)

    def live_handle(self, user_id: int, kind: str) -> Handle | None:
        """The member's panel interaction of ``kind`` whose token still lives."""
        handle = self.handles.get(user_id, {}).get(kind)
        return handle if handle is not None and handle.live(self.context.now()) else None

    def uses_dm(self, table: Table, user_id: int) -> bool:
        return table.settings.dm_hands and user_id not in self.context.shown.dm_failed

    async def show(self, interaction: discord.Interaction, table: Table, seat: int) -> None:
        """Show ``seat``'s panel as the (deferred) response of ``interaction`` and keep it
        up to date from then on."""
        message = await self._edit_through(Handle(interaction, 0, 0), table, seat)
        if message is not None:
            self.hold(interaction, message.id)
            self.shown_keys[message.id] = shown_version(table)
            await self._retire_superseded(table)

    async def show_aside(self, interaction: discord.Interaction, table: Table, seat: int) -> None:
        """Show ``seat``'s panel as a private follow-up of ``interaction`` (whose
        response is the board of a click-driven table) and keep it up to date."""
        lang = language_of(interaction.locale)
        embed, view = await self.render(table, seat, lang)
        files = await self.pictures(table, seat)
        message = await interaction.followup.send(
            embed=embed, view=view, files=files, ephemeral=True, wait=True
        )
        self.hold(interaction, message.id, aside=True)
        self.shown_keys[message.id] = shown_version(table)
        await self._retire_superseded(table)

    async def publish(self, table: Table) -> None:
        await self._retire_superseded(table)
        for seat, player in enumerate(table.seats):
            if player.bot is not None:
                continue
            done = await self._live_panels(table, seat)
            if self.uses_dm(table, player.user_id) and is_slow(table):
                await self._turn_message(table, seat)
            elif self.uses_dm(table, player.user_id):
                await self._dm_panel(table, seat, done)

    async def _turn_message(self, table: Table, seat: int) -> None:
        """At a slow table, a new message in the member's DMs when their turn begins
        (it notifies them, an edit would not), and one when the match ends; between
        those, only their own clicks edit it (no call counted against the rate limit)."""
        player = table.seats[seat]
        told = self.context.shown.told
        news = slow_news(table, seat)
        if news is None or told.get(str(player.user_id)) == news:
            return
        embed, view = await self.render(table, seat, player.locale)
        if await self._send_dm_panel(table, seat, embed, view):
            told[str(player.user_id)] = news

    async def _retire_superseded(self, table: Table) -> None:
        """Delete each panel a newer one replaced, so no old panel goes on saying it is
        your turn; one that cannot be deleted says it was replaced."""
        now = self.context.now()
        while self.superseded:
            old = self.superseded.pop()
            if not old.live(now):
                continue
            try:
                await old.delete()
            except discord.HTTPException:
                await self._say_replaced(old)

    async def _say_replaced(self, old: Handle) -> None:
        lang = language_of(old.interaction.locale)
        try:
            await old.edit(content=tr(lang, "panel.moved"), embed=None, view=None, attachments=[])
        except discord.HTTPException as exc:
            log.info("%s: an old panel could not be retired: %s", self.context.where(), exc)

    async def _live_panels(self, table: Table, seat: int) -> set[int]:
        """Edit the member's panels that an interaction can still edit; their ids."""
        handles = self.handles.get(table.seats[seat].user_id, {})
        now = self.context.now()
        done = set()
        for kind, handle in list(handles.items()):
            fresh = self.shown_keys.get(handle.message_id) == shown_version(table)
            if not handle.live(now) or not (fresh or await self._edit_through(handle, table, seat)):
                del handles[kind]
                continue
            self.shown_keys[handle.message_id] = shown_version(table)
            done.add(handle.message_id)
        return done

    async def _edit_through(
        self, handle: Handle, table: Table, seat: int
    ) -> discord.Message | None:
        interaction = handle.interaction
        lang = (
            table.seats[seat].locale
            if interaction.guild_id is None
            else language_of(interaction.locale)
        )
        embed, view = await self.render(table, seat, lang)
        try:
            return await handle.edit(
                embed=embed, view=view, attachments=await self.pictures(table, seat)
            )
        except discord.HTTPException as exc:
            log.info("%s: a panel's interaction expired: %s", self.context.where(), exc)
            return None

    async def _dm_panel(self, table: Table, seat: int, done: set[int]) -> None:
        player = table.seats[seat]
        shown = self.context.shown
        where = shown.panels.get(str(player.user_id))
        current = where is not None and self.shown_keys.get(where[1]) == shown_version(table)
        if where is not None and (where[1] in done or current):
            return
        embed, view = await self.render(table, seat, player.locale)
        if where is not None:
            message = self.context.channel(where[0]).get_partial_message(where[1])
            try:
                await message.edit(
                    embed=embed, view=view, attachments=await self.pictures(table, seat)
                )
                self.shown_keys[where[1]] = shown_version(table)
                return
            except discord.NotFound:
                pass
            except discord.Forbidden:  # they closed their DMs or blocked the bot since
                self._dms_closed(player.user_id)
                return
        if table.status == "playing":
            await self._send_dm_panel(table, seat, embed, view)

    def _dms_closed(self, user_id: int) -> None:
        """The member's DMs refuse the bot: their problem alone. They play from "My hand"
        from now on (the table says so once), and everyone else's panels go on."""
        context = self.context
        context.shown.dm_failed.append(user_id)
        context.notices.append(("dm.closed", {"mention": f"<@{user_id}>"}))

    async def _send_dm_panel(self, table: Table, seat: int, embed: discord.Embed, view) -> bool:
        player = table.seats[seat]
        context = self.context
        try:
            channel = await context.port.create_dm(discord.Object(player.user_id))
            message = await channel.send(
                embed=embed, view=view, files=await self.pictures(table, seat)
            )
        except discord.Forbidden:
            self._dms_closed(player.user_id)
            return False
        except discord.HTTPException as exc:
            # Without a DM panel the member plays from "My hand", as with closed DMs.
            log.warning("%s: DM panel failed: %s", context.where(), exc)
            context.shown.dm_failed.append(player.user_id)
            return False
        context.shown.panels[str(player.user_id)] = [message.channel.id, message.id]
        self.shown_keys[message.id] = shown_version(table)
        return True

    async def pictures(self, table: Table, seat: int) -> list[discord.File]:
        """A panel's picture: the hand's, or a quick-play seat's table."""
        if table.settings.quick:
            return await seat_pictures(table)
        return await hand_pictures(table, seat)

    async def render(self, table: Table, seat: int, lang: str) -> tuple[discord.Embed, Any]:
        """A member's panel: their hand, or at a quick-play table their whole seat."""
        port = self.context.port
        chosen = self.choices.get(table.seats[seat].user_id)
        choice = chosen[1] if chosen is not None and chosen[0] == table.version else None
        hint = await self.hint(table, seat) if _coached(table, seat) else None
        if table.settings.quick:
            return seat_message(table, seat, lang, faces=port.card_faces, hint=hint, choice=choice)
        guild = port.get_guild(table.guild_id)
        where = _channel_path(port.get_channel(table.play_channel_id))
        if table.settings.clicks:  # a DM or group DM: no server, no channel name
            guild, where = None, tr(lang, "panel.friends")
        if is_slow(table):
            place = tr(lang, "panel.where", guild=guild.name, channel=where) if guild else where
            return turn_message(
                table, seat, lang, where=place, faces=port.card_faces, hint=hint, choice=choice
            )
        return panel_message(
            table,
            seat,
            lang,
            guild_name=guild.name if guild else "",
            channel_name=where,
            hint=hint,
            board_url=None if port.simulated else self.board.url(table),  # no discord.com
            faces=port.card_faces,
            choice=choice,
        )

    async def hint(self, table: Table, seat: int) -> Hint:
        """The coach's suggestion for ``seat``, whose turn it is (worked out once a turn)."""
        key = (table.version, seat)
        if key not in self.hints:
            state = table.match
            seed = f"{table.id}/{table.version}/hint"
            hint = await self.context.port.bots.hint(state.game, state.observe(seat), seed)
            self.hints = {key: hint}
        return self.hints[key]


def slow_news(table: Table, seat: int) -> int | None:
    """What a slow table's member is to be told now: their turn (the version it opened
    at), the match's end (-1), or nothing (None)."""
    if table.status == "playing":
        mine = table.match.turn == seat and not table.seats[seat].autoplayed
        return table.turn.opened if mine else None
    return -1 if table.state is not None else None


def _coached(table: Table, seat: int) -> bool:
    """Whether ``seat``'s panel shows a hint: hints are on and it is their turn (the
    hint stays while they pick what a committed card takes)."""
    playing = table.status == "playing"
    return table.settings.hints and playing and table.match.turn == seat


def _channel_path(channel: object) -> str:
    """``#general › Escoba table #3`` for a thread, ``#general`` for a channel."""
    parent = getattr(channel, "parent", None)
    name = f"#{getattr(channel, 'name', '?')}"
    return f"#{parent.name} › {name[1:]}" if parent is not None else name
