"""The table service: every live table, in memory and in storage, one lock per table.

No Discord here. Handlers call one command of this service; each command is the same
transaction (``transactions``): under the table's lock, change a draft of the table
with the pure rules of ``lobby`` and ``play``, save it, and only then make it the
table. A refusal is a ``TableError``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from ..games import Seed
from ..storage import ClaimLost, RuleBroken
from . import lobby, pace, play
from .errors import TableError
from .model import Seat, Table, TableSettings
from .pace import LIVE, pace_seconds
from .transactions import Outcome, TableTransactions

BROKEN_RULE_ERRORS = {"channel": "error.channel_busy", "rematch": "lobby.rematch_open"}
"""What a member is told when the database refuses a second live table."""


class TableService(TableTransactions):
    """The commands on tables: one lock and one transaction per command."""

    # -- lobby ----------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Seat,
        game: str,
        options: dict[str, Any],
        locale: str,
        settings: TableSettings | None = None,
        rematch_of: Table | None = None,
        in_channel: bool = False,
    ) -> Table:
        """A new lobby with the host seated (``rematch_of``: the finished match whose
        bots sit again and whose hints stay on; ``in_channel``: it plays where it is
        opened, with no thread of its own). Raises ``TableError`` for bad options, or
        when the channel (or the finished match) already has its one live table."""
        settings = settings or TableSettings()
        if rematch_of is not None:
            settings = settings.model_copy(update={"hints": rematch_of.settings.hints})
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.user_id,
            game=game,
            options=lobby.validate_options(game, options),
            locale=locale,
            seats=[host, *lobby.rematch_seats(rematch_of, host.user_id)],
            settings=settings,
            in_channel=in_channel,
            rematch_of=rematch_of.id if rematch_of else None,
        )
        row = table.to_row()
        try:
            table.id = await self.storage.create_table(row)
        except RuleBroken as exc:
            raise TableError(BROKEN_RULE_ERRORS[exc.rule]) from exc
        except ClaimLost as lost:
            self.claim_lost(lost)
            raise
        self._keep(table, row)
        return table

    async def open_paired(
        self,
        pairing: int,
        game: str,
        sides: list[list[Seat]],
        *,
        timed: bool = True,
        pace: str = LIVE,
    ) -> Table:
        """A quick-play ``pairing``'s match, dealt at once: its members seated on their
        sides, shown in their DMs, live or at a slow ``pace``. ``TableError``:
        ``pool.opened`` when its table was opened already, ``pool.busy`` when a member
        plays a live match now (the insert checks; slow matches are many)."""
        seconds = pace_seconds(pace)
        timer = seconds or (lobby.QUICK_TIMER if timed else None)
        table = lobby.paired(pairing, game, sides, timer, pace)
        play.start(table, table_seed(table, self.deal_seed), self.clock())
        row = table.to_row()
        try:
            table.id = await self.storage.create_table(
                row, pairing=pairing, exclusive=seconds is None
            )
        except RuleBroken as exc:
            raise TableError("pool.busy" if exc.rule == "seated" else "pool.opened") from exc
        self._keep(table, row)
        return table

    async def set_thread(self, table_id: int, thread_id: int) -> Table:
        """The table plays in ``thread_id``, a thread opened from its lobby message."""
        async with self._changing(table_id) as change:
            change.table.thread_id = thread_id
        return change.table

    async def join(self, table_id: int, seat: Seat) -> Table:
        async with self._changing(table_id) as change:
            lobby.seat_member(change.table, seat)
        return change.table

    async def choose_team(self, table_id: int, user_id: int, team: int) -> Table:
        async with self._changing(table_id) as change:
            lobby.pick_team(change.table, user_id, team)
        return change.table

    async def add_bot(self, table_id: int, user_id: int, level: str, name: str) -> Table:
        """The host seats a bot of ``level``; ``name`` is how the table shows it."""
        async with self._changing(table_id) as change:
            lobby.seat_bot(lobby.hosted_by(change.table, user_id), level, name)
        return change.table

    async def remove_bot(self, table_id: int, user_id: int) -> Table:
        """The host takes the last seated bot out of the lobby."""
        async with self._changing(table_id) as change:
            lobby.unseat_last_bot(lobby.hosted_by(change.table, user_id))
        return change.table

    async def set_advanced(self, table_id: int, user_id: int, name: str, value: Any) -> Table:
        """The host chooses an advanced rule (again: back to its default)."""
        async with self._changing(table_id) as change:
            lobby.choose_rule(lobby.hosted_by(change.table, user_id), name, value)
        return change.table

    async def set_target(self, table_id: int, user_id: int, target: int) -> Table:
        """The host changes the lobby's target score (games played to a target)."""
        async with self._changing(table_id) as change:
            lobby.choose_target(lobby.hosted_by(change.table, user_id), target)
        return change.table

    async def toggle(self, table_id: int, user_id: int, setting: str) -> Table:
        """The host turns a lobby's switch (``lobby.SWITCHES``: the coach, privacy from
        watchers) on or off for the match to come."""
        async with self._changing(table_id) as change:
            lobby.toggle(lobby.hosted_by(change.table, user_id), setting)
        return change.table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby (the host hands over) or abandon a match in progress."""
        async with self._changing(table_id) as change:
            lobby.leave(change.table, user_id)
        return change.table

    async def end_for_tournament(
        self, table_id: int, reason: str = "tournament", forfeited: Collection[int] = ()
    ) -> Table:
        """End a tournament's match where it is: its round's time ran out, or the members
        ``forfeited`` withdrew or were disqualified (``lobby.end_by_tournament``)."""
        async with self._changing(table_id) as change:
            lobby.end_by_tournament(change.table, reason, forfeited)
        return change.table

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        async with self._changing(table_id) as change:
            lobby.cancel(change.table, user_id, can_manage=can_manage)
        return change.table

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self._changing(table_id) as change:
            table = lobby.hosted_by(change.table, user_id)
            play.start(table, table_seed(table, self.deal_seed), self.clock())
        return change.table

    # -- play ----------

    async def play_card(
        self, table_id: int, user_id: int, version: int, card: int, *, request: str = ""
    ) -> Outcome:
        """Play ``card`` from the hand: applied at once when it can take one way only;
        else nothing is saved and the outcome lists its moves, for the player to pick.
        ``request``: the interaction's id, kept with the move."""
        with self.metrics.click_to_commit.time():
            async with self._changing(table_id, request) as change:
                table = change.table
                seat = play.seat_to_act(table, user_id, version)
                moves = play.card_moves(table, seat, card)
                if len(moves) > 1:
                    change.discarded = True
                    return Outcome("choose", seat, moves=moves)
                play.member_acted(table.seats[seat])
                outcome = self._apply(change, seat, moves[0])
            self._count_move(change)
        await self.play_forced(table_id)
        return outcome

    async def choose(
        self, table_id: int, user_id: int, version: int, move: int, *, request: str = ""
    ) -> Outcome:
        """Apply a move picked in a panel (a capture, a steal) or on the board (a claim)."""
        with self.metrics.click_to_commit.time():
            async with self._changing(table_id, request) as change:
                table = change.table
                seat = play.seat_to_act(table, user_id, version)
                play.check_choice(table, move)
                play.member_acted(table.seats[seat])
                outcome = self._apply(change, seat, move)
            self._count_move(change)
        await self.play_forced(table_id)
        return outcome

    async def play_for(
        self, table_id: int, version: int, move: int, *, timed_out: bool = False
    ) -> Outcome | None:
        """The bot's move for the seat to act: a bot seat, a seat it has taken over, or
        (``timed_out``) a member whose timer ran out. None when the table moved on."""
        async with self._changing(table_id) as change:
            table = change.table
            if not play.automatic_move_allowed(table, version, move, timed_out=timed_out):
                change.discarded = True
                return None
            seat = table.match.turn
            player = table.seats[seat]
            took_over = False
            if timed_out and not player.autoplayed:
                took_over = play.note_timeout(player, table.settings.takeover_after)
            outcome = self._apply(change, seat, move, automatic=player.bot is None)
        self._count_move(change)
        await self.play_forced(table_id)
        return Outcome(outcome.kind, seat, outcome.events, took_over)

    async def time_out(self, table_id: int, turn: int, move: int) -> Outcome | None:
        """A slow turn (opened at version ``turn``) ran out of time: the stand-in plays
        ``move`` for its member, or a second time out in a row forfeits the match
        (``kind`` "forfeited"). None when the turn is over (played meanwhile)."""
        async with self._changing(table_id) as change:
            table = change.table
            playing = table.status == "playing" and table.turn.opened == turn
            if not playing or not play.automatic_move_allowed(
                table, table.version, move, timed_out=True
            ):
                change.discarded = True
                return None
            seat = table.match.turn
            if play.slow_time_out(table, seat):
                return Outcome("forfeited", seat)
            outcome = self._apply(change, seat, move, automatic=True)
        self._count_move(change)
        await self.play_forced(table_id)
        return outcome

    async def give_time(self, table_id: int, seconds: float) -> Table:
        """Add ``seconds`` to the turn in play's clock (the time the bot was away)."""
        async with self._changing(table_id) as change:
            turn = change.table.turn
            if turn.deadline is None:
                change.discarded = True
            else:
                turn.deadline += seconds
        return change.table

    async def pause_clock(self, table_id: int, user_id: int, until: float | None) -> Table:
        """A member at a slow table is on vacation ``until`` (None: back)."""
        rule = partial(pace.pause_clock, until=until, now=self.clock())
        return await self._at_seat(table_id, user_id, rule)

    async def react(self, table_id: int, user_id: int, reaction: int) -> Table:
        """A fixed reaction at a quick-play match (one a turn)."""
        return await self._at_seat(table_id, user_id, lambda t, s: play.react(t, s, reaction))

    async def come_back(self, table_id: int, user_id: int) -> Table:
        """A member whose seat the bot took over plays it again."""
        now = self.clock()
        return await self._at_seat(table_id, user_id, lambda t, s: play.come_back(t, s, now))

    async def claim_turn(self, table_id: int, user_id: int, version: int) -> Table:
        """At a friends' table, a member claims the turn of one whose time is up: the
        bot plays it (``play_for``, as for a timer run out)."""
        rule = partial(play.claim_turn, now=self.clock(), version=version)
        return await self._at_seat(table_id, user_id, rule)

    async def _at_seat(
        self, table_id: int, user_id: int, rule: Callable[[Table, int], None]
    ) -> Table:
        """A seated member's change at a match in play, by ``rule(table, seat)``."""
        async with self._changing(table_id) as change:
            rule(change.table, play.seated_in_play(change.table, user_id))
        return change.table


def table_seed(table: Table, deal_seed: int | None) -> Seed:
    """A secret seed from the operating system's randomness (256 bits, so nobody finds
    it from the cards or the commitment); with ``deal_seed`` set (tests), one drawn from
    it and the table."""
    if deal_seed is None:
        return secrets.token_hex(32)
    key = table.id or f"quick/{table.settings.quick}"
    digest = hashlib.sha256(f"{deal_seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
