"""The croupier: what a click or a table command does.

Each handler is the same three steps: acknowledge Discord at once (defer), run one
command of the table service (which checks, applies and saves), and poke the
table's publisher (``bot.publishing``), which alone brings Discord in line. A
refusal is a ``TableError``: handlers raise it and the error boundary
(``bot.boundary``) answers it. Once the service has saved an action, nothing a
handler does afterwards can report it as failed: showing it is the publisher's job,
retried until it succeeds.

Choices where the issue is silent:
- Ending a match for everyone (``/cancel``, the board's "End match", ``/leave``
  during a match) asks "are you sure?" in a private message first; its button
  runs the same flow whichever way it was asked.
- A stale click (a panel older than the table) is answered "out of date" and the
  panel it came from is brought up to date through that same click.
"""

from __future__ import annotations

from typing import Any

import discord

from .ai.seats import LEVELS
from .anywhere import FriendsHandlers
from .boundary import ErrorBoundary, refusals_answered
from .daily.handlers import DailyHandlers
from .daily.service import DailyService
from .i18n import tr
from .opening import interaction_lang, open_table, seat_for, tell_slow_seat
from .pool.handlers import PoolHandlers
from .publishing import DiscordPort, Publisher
from .publishing.pool import PoolRunner
from .puzzles.handlers import PuzzleHandlers
from .puzzles.serving import PuzzleService
from .records import RecordHandlers
from .screens.common import card_words, origin_of, reply
from .screens.confirm import confirm_message, left_text
from .screens.hand_panel import CardChoice, hint_text
from .screens.history import MatchHistory
from .screens.leaderboard import Leaderboards
from .screens.lobby import bot_name
from .screens.replay import MatchReplay
from .screens.review import MatchReviews
from .slow_handlers import SlowHandlers
from .table_commands import TableCommands
from .tables import (
    LIVE,
    Table,
    TableError,
    TableService,
    check_can_cancel,
    check_place,
    is_slow,
    seat_layout,
)
from .tournaments.handlers import TournamentHandlers
from .tournaments.service import TournamentService
from .watching.handlers import WatchHandlers


class Croupier(
    TableCommands,
    RecordHandlers,
    DailyHandlers,
    TournamentHandlers,
    PoolHandlers,
    FriendsHandlers,
    SlowHandlers,
    WatchHandlers,
    PuzzleHandlers,
):
    """Answers every click and table command for one bot."""

    def __init__(
        self,
        port: DiscordPort,
        service: TableService,
        publisher: Publisher,
        boundary: ErrorBoundary,
        tournaments: TournamentService,
    ) -> None:
        self.port = port
        self.service = service
        self.publisher = publisher
        self.boundary = boundary
        self.leaderboards = Leaderboards(service.storage)
        self.history = MatchHistory(service.storage)
        self.replays = MatchReplay(service.storage, port.card_faces)
        self.reviews = MatchReviews(service.storage, self.replays, port.bots, port.card_faces)
        self.daily = DailyService(service.storage, port.bots, service.storage.clock)
        self.puzzles = PuzzleService(service.storage, service.storage.clock)
        self.tournaments = tournaments
        self.pool_runner = PoolRunner(port, service, publisher)

    # -- answers ----------

    def _show(self, interaction: discord.Interaction, table_id: int, **poke: Any) -> None:
        """The service saved what ``interaction`` asked: from here on, whatever fails is
        told as saved (``boundary``), and the publisher shows it."""
        interaction.extras["saved"] = True
        self.publisher.poke(table_id, **poke)

    def check_place(self, interaction: discord.Interaction, table_id: int, *, lobby: bool) -> None:
        """Refuse a click on table ``table_id`` from anywhere but where it lives
        (``tables.doors``); a table not in play here is left to its handler."""
        table = self.service.tables.get(table_id)
        if table is not None:
            check_place(table, origin_of(interaction), lobby=lobby)

    async def answer_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """Whatever a component's handler raised, answered by the error boundary."""
        await self.boundary.answer(interaction, error)

    # -- opening a table ----------

    @refusals_answered
    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        options: dict[str, Any],
        timer: int | None,
        advanced: dict[str, Any] | None = None,
        rematch_of: Table | None = None,
        teams: bool | None = None,
        pace: str = LIVE,
    ) -> None:
        """``/escoba new`` and friends, and Rematch (see ``opening.open_table``)."""
        if teams is not None:
            options = {**options, "layout": seat_layout(options["players"], teams)}
        await open_table(
            self.port,
            self.service,
            self.publisher,
            interaction,
            game,
            options,
            timer,
            pace=pace,
            advanced=advanced,
            rematch_of=rematch_of,
        )

    # -- lobby clicks ----------

    @refusals_answered
    async def on_lobby(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        await interaction.response.defer()
        service, user_id = self.service, interaction.user.id
        if action == "join":
            if is_slow(service.get(table_id)):
                await tell_slow_seat(self.port, interaction)
            await service.join(table_id, seat_for(interaction))
        elif action == "leave":
            await service.leave(table_id, user_id)
        elif action == "start":
            await service.start(table_id, user_id)
        elif action == "cancel":
            await service.cancel(
                table_id, user_id, can_manage=_manages(interaction, self.service.get(table_id))
            )
        elif action in ("hints", "private"):
            await service.toggle(table_id, user_id, action)
        else:
            await service.choose_team(table_id, user_id, int(action[4:]))
        self._show(interaction, table_id, actor=user_id, lobby=interaction)

    @refusals_answered
    async def on_advanced(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        await interaction.response.defer()
        table = self.service.get(table_id)
        index = int(values[0]) if values and values[0].isdigit() else -1
        choices = table.engine.menu_choices
        if not 0 <= index < len(choices):
            raise TableError("lobby.bad_option")
        name, value = choices[index]
        await self.service.set_advanced(table_id, interaction.user.id, name, value)
        self._show(interaction, table_id, lobby=interaction)

    @refusals_answered
    async def on_target(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        """The lobby's target select: the host picks the score to play to."""
        await interaction.response.defer()
        if not values or not values[0].isdigit():
            raise TableError("lobby.bad_option")
        await self.service.set_target(table_id, interaction.user.id, int(values[0]))
        self._show(interaction, table_id, lobby=interaction)

    @refusals_answered
    async def on_bot_seat(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        """The lobby's bot select: seat a bot of a level, or take the last one out."""
        await interaction.response.defer()
        choice = values[0] if values else ""
        user_id = interaction.user.id
        table = self.service.get(table_id)
        if choice == "remove":
            await self.service.remove_bot(table_id, user_id)
        elif choice in LEVELS:
            await self.service.add_bot(table_id, user_id, choice, bot_name(table, choice))
        else:
            raise TableError("lobby.bad_option")
        self._show(interaction, table_id, lobby=interaction)

    @refusals_answered
    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        old = self.service.tables.get(table_id) or await self.service.load(table_id)
        check_place(old, origin_of(interaction), lobby=True)  # kept or not since a restart
        if old.seat_of(interaction.user.id) is None:
            raise TableError("table.not_seated")
        await self.open_table(
            interaction,
            old.game,
            old.options,
            old.settings.turn_timer,
            old.settings.advanced,
            rematch_of=old,
            pace=old.settings.pace,
        )

    # -- play ----------

    @refusals_answered
    async def on_my_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        """ "My hand" (on the board or a ping) and ``/hand``: the private hand panel."""
        table = self.service.get(table_id)
        await _defer_for_hand(interaction, table)
        if table.status != "playing":
            raise TableError("table.over")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("table.not_seated")
        await self.publisher.of(table_id).show_hand(interaction, table, seat)

    @refusals_answered
    async def on_card(
        self, interaction: discord.Interaction, table_id: int, version: int, card: int
    ) -> None:
        await interaction.response.defer()
        user_id, request = interaction.user.id, str(interaction.id)
        outcome = await self.service.play_card(table_id, user_id, version, card, request=request)
        if outcome.kind == "choose":  # nothing saved: the panel shows the card's captures
            choice = CardChoice(card, tuple(outcome.moves))
            self.publisher.of(table_id).panels.choose(user_id, version, choice)
            self.publisher.poke(table_id, actor=user_id, panel=interaction)
        else:
            self._show(interaction, table_id, actor=user_id, panel=interaction)

    @refusals_answered
    async def on_back(self, interaction: discord.Interaction, table_id: int, version: int) -> None:
        """A panel showing a card's captures goes back to the hand; nothing was played."""
        await interaction.response.defer()
        self.publisher.of(table_id).panels.choose(interaction.user.id, version, None)
        self.publisher.poke(table_id, panel=interaction)

    @refusals_answered
    async def on_move(
        self, interaction: discord.Interaction, table_id: int, version: int, move: int
    ) -> None:
        await interaction.response.defer()
        user_id = interaction.user.id
        await self.service.choose(table_id, user_id, version, move, request=str(interaction.id))
        self._show(interaction, table_id, actor=user_id, clicked=interaction)

    @refusals_answered
    async def on_seat(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        """ "I'm back" (the bot kept the seat), End match, or a quick-play seat's Leave."""
        if action != "back":
            await self.ask_to_end(interaction, table_id, "cancel" if action == "end" else "leave")
            return
        await interaction.response.defer()
        user_id = interaction.user.id
        await self.service.come_back(table_id, user_id)
        back = ("seat.back", {"mention": f"<@{user_id}>"})
        self._show(interaction, table_id, actor=user_id, notice=back)

    @refusals_answered
    async def on_hint(self, interaction: discord.Interaction, table_id: int) -> None:
        """``/hint``: the coach's suggestion, privately, at a table with hints on."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = self.service.get(table_id)
        if not table.settings.hints:
            raise TableError("hint.off")
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.match.turn != seat:
            raise TableError("hint.not_your_turn")
        hint = await self.publisher.of(table_id).panels.hint(table, seat)
        cards = card_words(table, interaction_lang(interaction), self.port.card_faces)
        await reply(interaction, tr(cards.lang, "hint.answer", hint=hint_text(table, hint, cards)))

    # -- ending ----------

    @refusals_answered
    async def ask_to_end(self, interaction: discord.Interaction, table_id: int, action: str):
        """Ask before a match in play ends for everyone (``action``: leave or cancel);
        a lobby, which ends for nobody, goes at once. A member who may not cancel is
        told so at once, not after confirming; nor is one who is not seated asked to
        leave."""
        table = self.service.get(table_id)
        if action == "leave" and table.seat_of(interaction.user.id) is None:
            raise TableError("table.not_seated")
        if action == "cancel":
            check_can_cancel(
                table,
                interaction.user.id,
                can_manage=_manages(interaction, self.service.get(table_id)),
            )
        if table.status != "playing":
            await self.end(interaction, table_id, action)
            return
        question, view = confirm_message(table, action, interaction_lang(interaction))
        await reply(interaction, question, view=view)

    @refusals_answered
    async def end(
        self,
        interaction: discord.Interaction,
        table_id: int,
        action: str,
        *,
        confirmed: bool = False,
    ) -> None:
        """Leave a table or cancel it: the one flow of ``/leave``, ``/cancel``, the
        board's "End match" and their confirmations. A ``confirmed`` click turns the
        question into the answer."""
        if confirmed:
            await interaction.response.defer()
        elif not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        if action == "leave":
            table = await self.service.leave(table_id, user_id)
            done = left_text(table, interaction_lang(interaction))
        else:
            table = await self.service.cancel(
                table_id, user_id, can_manage=_manages(interaction, self.service.get(table_id))
            )
            done = tr(interaction_lang(interaction), "table.cancelled", table=table.id)
        self._show(interaction, table_id, actor=user_id)
        if confirmed:
            await interaction.edit_original_response(content=done, view=None)
        else:
            await reply(interaction, done)


def _manages(interaction: discord.Interaction, table: Table) -> bool:
    """Whether the clicker manages the table's own server (a button carried to another
    server grants nothing there)."""
    return bool(interaction.permissions.manage_guild) and interaction.guild_id == table.guild_id


async def _defer_for_hand(interaction: discord.Interaction, table: Table) -> None:
    """ "My hand" answers privately; a click on a click-driven table's board answers by
    updating the board (the hand follows as a private follow-up), so its token keeps
    the board in line."""
    if interaction.response.is_done():
        return
    if table.settings.clicks and interaction.message is not None:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
