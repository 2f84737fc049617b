"""The croupier: everything a table does in Discord.

It answers clicks and table commands (always within Discord's 3 seconds: component
clicks are deferred first), asks the table service to act (which commits to the
database), and only then updates what players see: the lobby message, the public
board, the hand panels (DM, or ephemeral via "My hand" when DMs are closed), the
turn ping, the hand and match results.

Choices where the issue is silent:
- The ping for the player to act is a reply to the board, posted when a new turn
  begins and deleted when the next one is posted, so the latest ping (with a jump
  to the board) is always at the bottom of the conversation.
- A DM panel is sent at every deal; the previous one is deleted. During a deal,
  only the panels of the player who just moved and the player to act are edited.
- Bot seats move after a short visible pause (``BOT_PAUSE``) and are never pinged.
- When a member's turn timer runs out, the expert plays for them and the board says
  so; after the table's ``takeover_after`` timeouts in a row the bot keeps the seat
  until the member clicks "I'm back" (or plays a card from their panel), and the
  host (or a Manage Server member) can end the match from the board instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from .ai.seats import LEVELS, STAND_IN
from .i18n import language_of, public_language, tr
from .render import (
    board_embed,
    board_pictures,
    bot_name,
    end_text,
    hand_pictures,
    hand_score_embed,
    lobby_embed,
    match_over_embed,
    panel_embed,
    rematch_invite,
)
from .storage import GuildSettings
from .tables import Seat, StalePanel, Table, TableError, TableService, bot_view
from .views import (
    ADVANCED_CHOICES,
    advanced_value,
    board_view,
    is_known_custom_id,
    lobby_view,
    panel_view,
    rematch_view,
    reply,
)

if TYPE_CHECKING:
    from .client import EscobaBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007
THREAD_ARCHIVE_MINUTES = 1440
PUBLISH_ATTEMPTS = 3
PUBLISH_RETRY_SECONDS = 2


def interaction_lang(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


class Croupier:
    """Runs every table's Discord side for one bot."""

    def __init__(
        self, bot: EscobaBot, service: TableService, *, hand_pause: float, bot_pause: float
    ) -> None:
        self.bot = bot
        self.service = service
        self.hand_pause = hand_pause
        self.bot_pause = bot_pause
        self._publishing: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.Task] = {}
        self._retries: set[asyncio.Task] = set()

    # -- helpers ----------

    async def refuse(self, interaction: discord.Interaction, error: TableError) -> None:
        lang = interaction_lang(interaction)
        text = tr(lang, error.key, **error.params)
        if isinstance(error, StalePanel):
            await self._stale_panel(interaction, text)
            return
        await reply(interaction, text)

    async def _stale_panel(self, interaction: discord.Interaction, text: str) -> None:
        table = self._table_for_panel(interaction)
        if table is None:
            await reply(interaction, text)
            return
        seat = table.seat_of(interaction.user.id)
        lang = interaction_lang(interaction)
        embed, view = await self._panel(table, seat, lang)
        files = await hand_pictures(table, seat)
        await reply(interaction, text, embed=embed, view=view, files=files)

    def _table_for_panel(self, interaction: discord.Interaction) -> Table | None:
        custom_id = (interaction.data or {}).get("custom_id", "")
        parts = custom_id.split(":")
        try:
            table = self.service.get(int(parts[2]))
        except (IndexError, ValueError, TableError):
            return None
        if table.status != "playing" or table.seat_of(interaction.user.id) is None:
            return None
        return table

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    def board_url(self, table: Table) -> str | None:
        if table.board_message_id is None:
            return None
        return (
            f"https://discord.com/channels/{table.guild_id}/{table.play_channel_id}/"
            f"{table.board_message_id}"
        )

    def publish_lock(self, table_id: int) -> asyncio.Lock:
        return self._publishing.setdefault(table_id, asyncio.Lock())

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.service.storage.guild_settings(guild_id)

    async def public_lang(self, interaction: discord.Interaction) -> str:
        """The language of a public answer in this server (see ``i18n.public_language``)."""
        settings = await self.guild_settings(interaction.guild_id or 0)
        return public_language(settings.language, interaction.locale)

    # -- creating a table ----------

    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        options: dict[str, Any],
        timer: int | None,
        advanced: dict[str, Any] | None = None,
        rematch_of: Table | None = None,
    ) -> None:
        """``/escoba new`` and friends (and Rematch, with the ``advanced`` rules chosen in
        the last lobby and the finished match ``rematch_of``): post the lobby, open its
        thread when allowed."""
        lang = interaction_lang(interaction)
        channel = interaction.channel
        guild = interaction.guild
        if guild is None or channel is None:
            await reply(interaction, tr(lang, "error.guild_only"))
            return
        perms = interaction.app_permissions
        missing = [
            name
            for name in ("view_channel", "send_messages", "embed_links")
            if not getattr(perms, name)
        ]
        in_thread = isinstance(channel, discord.Thread)
        if in_thread and not perms.send_messages_in_threads:
            missing.append("send_messages_in_threads")
        if missing:
            names = ", ".join(tr(lang, f"perm.{name}") for name in missing)
            await reply(interaction, tr(lang, "error.missing_permissions", perms=names))
            return
        can_thread = (
            not in_thread
            and isinstance(channel, discord.TextChannel)
            and perms.create_public_threads
            and perms.send_messages_in_threads
        )
        if not can_thread and self.service.live_in(channel.id):
            await reply(
                interaction, tr(lang, "error.thread_busy" if in_thread else "error.channel_busy")
            )
            return
        settings = await self.guild_settings(guild.id)
        table_lang = settings.language or language_of(guild.preferred_locale)
        host = seat_for(interaction)
        try:
            table = await self.service.create(
                guild_id=guild.id,
                channel_id=channel.id,
                host=host,
                game=game,
                options=options,
                locale=table_lang,
                turn_timer=timer if timer is not None else settings.turn_timer,
                dm_hands=settings.dm_hands,
                takeover_after=settings.takeover_after,
                images=settings.images,
                advanced=advanced or {},
                rematch_of=rematch_of,
            )
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await interaction.response.send_message(
            rematch_invite(table, rematch_of, table_lang),
            embed=lobby_embed(table, table_lang),
            view=lobby_view(table, table_lang),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        message = await interaction.original_response()
        thread_id = None
        if can_thread:
            thread_id = await self._open_thread(message, table, table_lang)
        await self.service.attach_messages(table, lobby_message_id=message.id, thread_id=thread_id)
        if not can_thread and not in_thread and not self.bot.simulated:
            await interaction.followup.send(tr(lang, "lobby.no_thread"), ephemeral=True)

    async def _open_thread(self, message: discord.Message, table: Table, lang: str) -> int | None:
        name = tr(lang, "thread.name", game=tr(lang, f"game.{table.game}"), table=table.id)
        try:
            thread = await message.create_thread(
                name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.HTTPException as exc:
            log.warning("table %s: could not open a thread: %s", table.id, exc)
            return None
        return thread.id

    # -- lobby clicks ----------

    async def on_lobby(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        await interaction.response.defer()
        service = self.service
        user = interaction.user
        try:
            if action == "join":
                table = await service.join(table_id, seat_for(interaction))
            elif action == "leave":
                table = await service.leave(table_id, user.id)
            elif action == "start":
                table = await service.start(table_id, user.id)
            elif action == "cancel":
                table = await service.cancel(
                    table_id, user.id, can_manage=interaction.permissions.manage_guild
                )
            else:
                table = await service.choose_team(table_id, user.id, int(action[4:]))
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.refresh_lobby(table, interaction)
        if table.status == "playing":
            await self.begin_match(table)
        elif table.status == "cancelled":
            await self.close_table(table)

    async def on_advanced(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        await interaction.response.defer()
        try:
            table = self.service.get(table_id)
            index = int(values[0]) if values and values[0].isdigit() else -1
            if not 0 <= index < len(ADVANCED_CHOICES[table.game]):
                raise TableError("lobby.bad_option")
            name, value = advanced_value(table.game, index)
            table = await self.service.set_advanced(table_id, interaction.user.id, name, value)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.refresh_lobby(table, interaction)

    async def on_target(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        """The lobby's target select: the host picks the score to play to."""
        await interaction.response.defer()
        try:
            if not values or not values[0].isdigit():
                raise TableError("lobby.bad_option")
            table = await self.service.set_target(table_id, interaction.user.id, int(values[0]))
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.refresh_lobby(table, interaction)

    async def on_bot_seat(
        self, interaction: discord.Interaction, table_id: int, values: list[str]
    ) -> None:
        """The lobby's bot select: seat a bot of a level, or take the last one out."""
        await interaction.response.defer()
        choice = values[0] if values else ""
        user_id = interaction.user.id
        try:
            table = self.service.get(table_id)
            if choice == "remove":
                table = await self.service.remove_bot(table_id, user_id)
            elif choice in LEVELS:
                name = bot_name(table, choice)
                table = await self.service.add_bot(table_id, user_id, choice, name)
            else:
                raise TableError("lobby.bad_option")
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.refresh_lobby(table, interaction)

    async def refresh_lobby(self, table: Table, interaction: discord.Interaction | None = None):
        embed, view = lobby_embed(table, table.locale), lobby_view(table, table.locale)
        message = interaction.message if interaction is not None else None
        if message is not None and message.id == table.lobby_message_id:
            await interaction.edit_original_response(embed=embed, view=view)
            return
        channel = await self.channel(table.channel_id)
        if channel is None or table.lobby_message_id is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(table.lobby_message_id).edit(embed=embed, view=view)

    async def close_table(self, table: Table) -> None:
        """A cancelled or abandoned table: say so where it was played, drop its buttons."""
        self._cancel_timer(table.id)
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            return
        lang = table.locale
        with contextlib.suppress(discord.HTTPException):
            await channel.send(end_text(table, lang))
        await self._drop_ping(table)
        if table.board_message_id and table.state is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(table.board_message_id).edit(
                    embed=board_embed(table, lang), view=None
                )
        await self._refresh_panels(table, seats=range(len(table.seats)))

    # -- the match ----------

    async def begin_match(self, table: Table) -> None:
        async with self.publish_lock(table.id):
            ping_due = await self._open_turn(table)
            await self._post_board(table)
            await self._send_panels(table)
            if ping_due:
                await self._ping(table)
            await self.service.mark(table, published_version=table.version)
        self._autoplay(table)

    async def publish(self, table: Table, attempt: int = 1) -> None:
        """Show the committed changes not shown yet: results, board, panels, ping.

        Publishing reads the table, not the move that triggered it, so two moves
        published at once (or one cut short by a restart) show everything."""
        async with self.publish_lock(table.id):
            shown = table.ui.published_version
            if shown >= table.version:
                return
            try:
                await self._publish(table, shown)
            except discord.HTTPException as exc:
                # The move is saved; showing it is tried again, and any later publish
                # (a click, /table, a restart) catches up too.
                log.warning(
                    "table %s: publishing version %s failed: %s", table.id, table.version, exc
                )
                if attempt < PUBLISH_ATTEMPTS:
                    self._retry(table, attempt + 1)
                return
        self._autoplay(table)

    def _retry(self, table: Table, attempt: int) -> None:
        async def later() -> None:
            await asyncio.sleep(PUBLISH_RETRY_SECONDS * attempt)
            await self.publish(table, attempt)

        task = asyncio.create_task(later())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _publish(self, table: Table, shown: int) -> None:
        announced = await self._announce(table)
        hand_ended = any(event["kind"] == "hand_scored" for event in announced)
        if hand_ended and table.status == "playing" and self.hand_pause > 0:
            await asyncio.sleep(self.hand_pause)
        ping_due = await self._open_turn(table)
        await self._update_board(table)
        everyone = range(len(table.seats))
        if table.status != "playing":
            await self._refresh_panels(table, seats=everyone)
            self._cancel_timer(table.id)
            await self._drop_ping(table)
            await self.refresh_lobby(table)
        elif table.ui.panels_round != deal_round(table):
            await self._send_panels(table)
        elif table.version - shown > 1 or table.ui.last_seat is None:
            await self._refresh_panels(table, seats=everyone)
        else:
            seats = sorted({table.state.turn, table.ui.last_seat})
            await self._refresh_panels(table, seats=seats)
        if ping_due:
            await self._ping(table)
        await self.service.mark(table, published_version=table.version)

    async def _announce(self, table: Table) -> list[dict[str, Any]]:
        """Post the hand and match results waiting on the table; return them."""
        announcements = list(table.ui.announcements)
        channel = await self.channel(table.play_channel_id) if announcements else None
        if channel is None:
            return announcements
        lang = table.locale
        for event in announcements:
            if event["kind"] == "hand_scored":
                await channel.send(embed=hand_score_embed(table, event, lang))
            else:
                await channel.send(
                    embed=match_over_embed(table, event, lang), view=rematch_view(table, lang)
                )
            await self.service.drop_announcement(table)
        return announcements

    async def _post_board(self, table: Table) -> None:
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            log.warning("table %s: its channel is gone", table.id)
            return
        lang = table.locale
        try:
            message = await channel.send(
                embed=board_embed(table, lang),
                view=board_view(table, lang),
                files=await board_pictures(table),
            )
        except discord.Forbidden:
            log.warning("table %s: cannot post the board", table.id)
            return
        old = table.board_message_id
        await self.service.mark(table, board_message_id=message.id)
        if old:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()

    async def _update_board(self, table: Table) -> None:
        if table.board_message_id is None:
            await self._post_board(table)
            return
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            return
        lang = table.locale
        try:
            await channel.get_partial_message(table.board_message_id).edit(
                embed=board_embed(table, lang),
                view=board_view(table, lang),
                attachments=await board_pictures(table),
            )
        except discord.NotFound:
            await self._post_board(table)

    async def repost_board(self, table: Table) -> None:
        """``/table``: the board again, at the bottom of the conversation."""
        await self.publish(table)
        async with self.publish_lock(table.id):
            await self._post_board(table)

    # -- pings and timers ----------

    async def _open_turn(self, table: Table) -> bool:
        """When a new turn begins, start its clock (the board shows it); True if so.

        Every move opens a new turn but a Fournier claim: the claimant then plays in
        the same turn. (With two players, whoever ends a hand also starts the next.)"""
        turn = table.state.turn if table.status == "playing" else None
        if turn is None or table.ui.pinged == [table.version, turn] or _claimed(table):
            return False
        await self._start_clock(table)
        return True

    async def _start_clock(self, table: Table) -> float | None:
        """Save the turn's deadline from the table's timer (None without one, and for a
        seat the bot plays, which moves after its pause); return it."""
        timer = table.ui.turn_timer
        bot_turn = table.seats[table.state.turn].autoplayed
        deadline = time.time() + timer if timer and not bot_turn else None
        await self.service.mark(table, turn_deadline=deadline)
        return deadline

    async def _ping(self, table: Table) -> None:
        """Ping the player to act, as a reply to the board; the previous ping goes."""
        turn = table.state.turn
        seat = table.seats[turn]
        if seat.autoplayed:
            return
        lang = table.locale
        uses_board = not table.ui.dm_hands or seat.user_id in table.ui.dm_failed
        key = "ping.turn_board" if uses_board else "ping.turn"
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            return
        reference = None
        if table.board_message_id:
            reference = channel.get_partial_message(table.board_message_id)
        try:
            message = await channel.send(
                tr(lang, key, mention=f"<@{seat.user_id}>", table=table.id),
                reference=reference,
                mention_author=False,
                allowed_mentions=discord.AllowedMentions(users=True, replied_user=False),
            )
        except discord.HTTPException as exc:
            log.warning("table %s: ping failed: %s", table.id, exc)
            return
        old = table.ui.ping_message_id
        await self.service.mark(table, ping_message_id=message.id, pinged=[table.version, turn])
        await _delete(channel, old)
        if table.ui.turn_deadline:
            self._start_timer(table, table.version, table.ui.turn_deadline)

    async def _drop_ping(self, table: Table) -> None:
        """A table no longer in play keeps no "your turn" ping."""
        old = table.ui.ping_message_id
        if old is None:
            return
        await self.service.mark(table, ping_message_id=None)
        await _delete(await self.channel(table.play_channel_id), old)

    def _start_timer(self, table: Table, version: int, deadline: float) -> None:
        delay = max(deadline - time.time(), 0)
        self._run_later(table.id, self._time_up(table, version, delay))

    def _run_later(self, table_id: int, work) -> None:
        """The table's one scheduled job (a turn timer or a bot's move) becomes ``work``."""
        self._cancel_timer(table_id)
        self._timers[table_id] = asyncio.create_task(work)

    def _cancel_timer(self, table_id: int) -> None:
        task = self._timers.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def stop(self) -> None:
        """Cancel every timer and pending bot move (the bot is closing)."""
        for table_id in list(self._timers):
            self._cancel_timer(table_id)

    async def _time_up(self, table: Table, version: int, delay: float) -> None:
        """The turn timer ran out: the bot plays for the member."""
        await asyncio.sleep(delay)
        await self._bot_move(table, version, timed_out=True)

    def _autoplay(self, table: Table) -> None:
        """Schedule the bot's move when the seat to act is played by a bot."""
        if table.status == "playing" and table.seats[table.state.turn].autoplayed:
            self._run_later(table.id, self._bot_turn(table, table.version))

    async def _bot_turn(self, table: Table, version: int) -> None:
        await asyncio.sleep(self.bot_pause)
        await self._bot_move(table, version)

    async def _bot_move(self, table: Table, version: int, *, timed_out: bool = False) -> None:
        """Decide off the event loop, commit through the service, then publish."""
        if table.status != "playing" or table.version != version:
            return
        seat = table.seats[table.state.turn]
        try:
            move = await self.bot.bots.decide(
                seat.bot or STAND_IN, table.state.game, bot_view(table), f"{table.id}/{version}"
            )
            outcome = await self.service.play_for(table.id, version, move, timed_out=timed_out)
        except Exception:
            log.exception("table %s: the bot could not move", table.id)
            return
        if outcome is None:
            return
        if outcome.took_over:
            await self._say(table, "seat.taken_over", mention=f"<@{seat.user_id}>")
        await self.publish(table)

    async def _say(self, table: Table, key: str, **params: Any) -> None:
        """Post a line of the table's language where the table is played."""
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                tr(table.locale, key, **params),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    # -- hand panels ----------

    async def _panel(
        self, table: Table, seat: int, lang: str
    ) -> tuple[discord.Embed, discord.ui.View]:
        guild = self.bot.get_guild(table.guild_id)
        channel = await self.channel(table.play_channel_id)
        url = self.board_url(table)
        embed = panel_embed(
            table,
            seat,
            lang,
            guild_name=guild.name if guild else "?",
            channel_name=_channel_path(channel),
            board_url=url,
        )
        return embed, panel_view(table, seat, lang, board_url=url)

    def _dm_seats(self, table: Table, seats) -> list[int]:
        if not table.ui.dm_hands:
            return []
        return [
            s
            for s in seats
            if table.seats[s].bot is None and table.seats[s].user_id not in table.ui.dm_failed
        ]

    async def _send_panels(self, table: Table) -> None:
        """A new DM panel for every player (a new deal); the previous one is deleted."""
        panels = dict(table.ui.panels)
        failed = list(table.ui.dm_failed)
        for seat in self._dm_seats(table, range(len(table.seats))):
            player = table.seats[seat]
            embed, view = await self._panel(table, seat, player.locale)
            old = panels.get(str(player.user_id))
            try:
                user = self.bot.get_user(player.user_id) or await self.bot.fetch_user(
                    player.user_id
                )
                files = await hand_pictures(table, seat)
                message = await user.send(embed=embed, view=view, files=files)
            except discord.Forbidden as exc:
                if exc.code == DM_CLOSED or exc.status == 403:
                    failed.append(player.user_id)
                    await self._say_dm_closed(table, player)
                continue
            except discord.HTTPException as exc:
                # The old panel, if any, is still edited to the new hand; without one
                # the player uses "My hand" for the rest of the match, as with closed DMs.
                log.warning("table %s: DM panel failed: %s", table.id, exc)
                if not old:
                    failed.append(player.user_id)
                continue
            panels[str(player.user_id)] = [message.channel.id, message.id]
            if old:
                await self._delete_message(old)
        await self.service.mark(
            table, panels=panels, dm_failed=failed, panels_round=deal_round(table)
        )

    async def _refresh_panels(self, table: Table, seats) -> None:
        """Edit the DM panels of ``seats`` in place."""
        for seat in self._dm_seats(table, seats):
            player = table.seats[seat]
            where = table.ui.panels.get(str(player.user_id))
            if not where or table.state is None:
                continue
            embed, view = await self._panel(table, seat, player.locale)
            channel = await self.channel(where[0])
            if channel is None:
                continue
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(where[1]).edit(
                    embed=embed, view=view, attachments=await hand_pictures(table, seat)
                )

    async def _delete_message(self, where: list[int]) -> None:
        channel = await self.channel(where[0])
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(where[1]).delete()

    async def _say_dm_closed(self, table: Table, player: Seat) -> None:
        channel = await self.channel(table.play_channel_id)
        if channel is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                tr(table.locale, "dm.closed", mention=f"<@{player.user_id}>"),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    # -- play clicks ----------

    async def on_my_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.send_hand(interaction, table_id)

    async def send_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        """The ephemeral hand panel (``My hand`` and ``/hand``); the interaction is deferred."""
        lang = interaction_lang(interaction)
        try:
            table = self.service.get(table_id)
            if table.status != "playing":
                raise TableError("table.over")
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise TableError("table.not_seated")
        except TableError as error:
            await self.refuse(interaction, error)
            return
        embed, view = await self._panel(table, seat, lang)
        await interaction.followup.send(
            embed=embed, view=view, ephemeral=True, files=await hand_pictures(table, seat)
        )

    async def on_card(
        self, interaction: discord.Interaction, table_id: int, version: int, card: int
    ) -> None:
        await interaction.response.defer()
        try:
            outcome = await self.service.play_card(table_id, interaction.user.id, version, card)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        table = self.service.get(table_id)
        await self._after_click(interaction, table)
        if outcome.kind == "choose":
            async with self.publish_lock(table.id):
                await self._update_board(table)
            await reply(interaction, tr(interaction_lang(interaction), "choice.on_board"))
            return
        await self.publish(table)

    async def on_move(
        self, interaction: discord.Interaction, table_id: int, version: int, move: int
    ) -> None:
        await interaction.response.defer()
        try:
            await self.service.choose(table_id, interaction.user.id, version, move)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        table = self.service.get(table_id)
        await self.publish(table)

    async def _after_click(self, interaction: discord.Interaction, table: Table) -> None:
        """Refresh the panel the player clicked on when it was an ephemeral one."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            return
        seat = table.seat_of(interaction.user.id)
        embed, view = await self._panel(table, seat, interaction_lang(interaction))
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(
                embed=embed, view=view, attachments=await hand_pictures(table, seat)
            )

    async def on_seat(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        """The board's "I'm back" and "End match" buttons, shown while the bot keeps a seat."""
        await interaction.response.defer()
        user = interaction.user
        try:
            if action == "back":
                table = await self.service.come_back(table_id, user.id)
            else:
                table = await self.service.cancel(
                    table_id, user.id, can_manage=interaction.permissions.manage_guild
                )
        except TableError as error:
            await self.refuse(interaction, error)
            return
        if table.status != "playing":
            await self.close_table(table)
            return
        await self._say(table, "seat.back", mention=f"<@{user.id}>")
        if table.seats[table.state.turn].user_id == user.id:
            self._cancel_timer(table.id)
            deadline = await self._start_clock(table)
            if deadline:
                self._start_timer(table, table.version, deadline)
        async with self.publish_lock(table.id):
            await self._update_board(table)
            await self._refresh_panels(table, seats=[table.seat_of(user.id)])

    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        try:
            old = self.service.tables.get(table_id) or await self.service.load(table_id)
            if old.seat_of(interaction.user.id) is None:
                raise TableError("table.not_seated")
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.open_table(
            interaction, old.game, old.options, old.ui.turn_timer, old.ui.advanced, rematch_of=old
        )

    # -- restarts and stray clicks ----------

    async def restore(self) -> None:
        """After a restart: finish any publishing that a restart cut short, restart timers."""
        for table in list(self.service.tables.values()):
            if table.status != "playing":
                continue
            if table.ui.published_version < table.version:
                await self.publish(table)
            elif table.seats[table.state.turn].autoplayed:
                self._autoplay(table)
            elif table.ui.turn_deadline:
                self._start_timer(table, table.version, table.ui.turn_deadline)

    async def on_unknown_component(self, interaction: discord.Interaction) -> None:
        """Answer a click no handler will take: a custom_id of no known form, or one that
        is not on the clicked message (discord.py drops those; a tampered client sends them)."""
        custom_id = (interaction.data or {}).get("custom_id", "")
        handled = is_known_custom_id(custom_id) and custom_id in _custom_ids(interaction.message)
        if handled or interaction.response.is_done():
            return
        await reply(interaction, tr(interaction_lang(interaction), "error.unknown_button"))


def _claimed(table: Table) -> bool:
    """Whether the last move was a claim (its claimant still has to play)."""
    return any(event["kind"] == "claimed" for event in table.ui.last_events)


def deal_round(table: Table) -> list[int]:
    """Which deal the hands in play come from: a new one gets new DM panels."""
    return [table.state.hand_no, table.state.deal_round]


def _custom_ids(message: discord.Message | None) -> set[str]:
    if message is None:
        return set()
    view = discord.ui.View.from_message(message, timeout=None)
    return {getattr(item, "custom_id", None) for item in view.walk_children()}


def _channel_path(channel) -> str:
    """``#general › Escoba table #3`` for a thread, ``#general`` for a channel."""
    parent = getattr(channel, "parent", None)
    name = f"#{getattr(channel, 'name', '?')}"
    return f"#{parent.name} › {name[1:]}" if parent is not None else name


def seat_for(interaction: discord.Interaction) -> Seat:
    user = interaction.user
    return Seat(user_id=user.id, name=user.display_name, locale=interaction_lang(interaction))


async def _delete(channel: discord.abc.Messageable | None, message_id: int | None) -> None:
    """Delete a message of ours if it is still there."""
    if channel is not None and message_id:
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()
