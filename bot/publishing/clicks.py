"""A friends' table in a DM or group DM, where the app is no member: it speaks only by
answering interactions (Discord refuses its bot token there). The table's one message
(its lobby, then its board) was the answer to the command that opened it and is edited
through the latest click on it while that click's token lives; each hand's and the
match's results, and the lines to tell, go as follow-ups of the click being answered
(at most ``MAX_FOLLOWUPS`` each). Nothing is sent on the bot's own: once every token
has expired, the table waits for the next click, which brings it up to date.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import ui

from ..i18n import tr
from ..screens.board import board_layout, board_pictures
from ..screens.common import end_text
from ..screens.hand_score import hand_score_embed
from ..screens.lobby import lobby_message
from ..screens.match_over import match_over_message
from ..tables import Table, time_is_up
from .board import shown_version
from .context import TOKEN_LIFETIME, Handle, TableContext

log = logging.getLogger(__name__)

MAX_FOLLOWUPS = 5
"""Follow-ups an interaction may send where the app is installed to the user only."""


class ClickKeeper:
    """Keeps a click-driven table's message, results and lines in line with it."""

    def __init__(self, context: TableContext) -> None:
        self.context = context
        self.carrier: Handle | None = None
        """The latest interaction whose original response is the table's message."""
        self.answering: Handle | None = None
        """The latest interaction at the table: its follow-ups carry results and lines."""
        self.key: Any = None

    def hold(self, interaction: discord.Interaction, message_id: int | None = None) -> None:
        """A click (or the command) to answer through; it edits the table's message when
        that is its original response (``message_id``, else the message clicked)."""
        handle = Handle(interaction, message_id or 0, self.context.now() + TOKEN_LIFETIME)
        clicked = interaction.message.id if interaction.message is not None else None
        if (message_id or clicked) == self.context.shown.lobby_message_id:
            handle.message_id = self.context.shown.lobby_message_id or 0
            self.carrier = handle
        self.answering = handle

    async def retire(self, lang: str) -> None:
        """The table's old message, once ``/table`` brought the board below: it says so
        instead of going stale (while a token can still edit it)."""
        carrier = self._live(self.carrier)
        if carrier is None:
            return
        moved = ui.LayoutView(timeout=None)
        moved.add_item(ui.TextDisplay(tr(lang, "table.moved_below")))
        try:
            await carrier.interaction.edit_original_response(view=moved, attachments=[])
        except discord.HTTPException as exc:
            log.info("%s: the old board could not be retired: %s", self.context.where(), exc)

    def stale(self) -> None:
        """Draw the table's message afresh at the next chance (a restart, a new token)."""
        self.key = None

    async def publish(self, table: Table) -> None:
        await self._message(table)
        await self._results(table)
        await self._lines(table)

    async def _message(self, table: Table) -> None:
        """The lobby, then the board, edited through the latest click on it."""
        seats = [(seat.user_id, seat.name, seat.team, seat.bot) for seat in table.seats]
        key = (shown_version(table), table.host_id, seats, repr(table.options))
        now = self.context.now()
        key += (repr(table.settings.advanced), table.settings.hints, time_is_up(table, now))
        carrier = self._live(self.carrier)
        if key == self.key or carrier is None:
            return
        try:
            await self._edit(carrier.interaction, table)
        except discord.HTTPException as exc:
            log.info("%s: the table's message could not be edited: %s", self.context.where(), exc)
            self.carrier = None
            return
        self.key = key

    async def _edit(self, interaction: discord.Interaction, table: Table) -> None:
        if table.state is None:
            embed, view = lobby_message(table, table.locale)
            await interaction.edit_original_response(embed=embed, view=view)
            return
        now = self.context.now()
        layout = board_layout(table, table.locale, self.context.port.card_faces, now)
        await interaction.edit_original_response(
            content=None, embed=None, view=layout, attachments=await board_pictures(table)
        )

    async def _results(self, table: Table) -> None:
        """Each hand's score sheet and the match's result, once, as follow-ups."""
        shown = self.context.shown
        for event in table.log.results[shown.results_posted :]:
            if event["kind"] == "hand_scored":
                faces = self.context.port.card_faces
                sheet = hand_score_embed(table, event, table.locale, faces)
                sent = await self._follow_up(embed=sheet)
            else:
                embed, view = match_over_message(table, event, table.locale)
                sent = await self._follow_up(embed=embed, view=view)
            if not sent:
                return
            shown.results_posted += 1

    async def _lines(self, table: Table) -> None:
        """The lines waiting (a seat taken over, a member back) and, once, why a started
        match ended early."""
        context = self.context
        while context.notices:
            key, params = context.notices[0]
            if not await self._follow_up(content=tr(table.locale, key, **params)):
                return
            context.notices.pop(0)
        if table.status == "cancelled" and table.state is not None and not context.shown.closed:
            context.shown.closed = await self._follow_up(content=end_text(table, table.locale))

    async def _follow_up(self, **shown: Any) -> bool:
        """Send through the click being answered; False when no token can."""
        answering = self._live(self.answering)
        if answering is None:
            return False
        if answering.followups >= MAX_FOLLOWUPS:
            return False
        try:
            await answering.interaction.followup.send(
                allowed_mentions=discord.AllowedMentions(users=True), **shown
            )
        except discord.HTTPException as exc:
            log.info("%s: a follow-up failed: %s", self.context.where(), exc)
            return False
        answering.followups += 1
        return True

    def _live(self, handle: Handle | None) -> Handle | None:
        return handle if handle is not None and handle.live(self.context.now()) else None
