"""The table service: every live table, in memory and in storage, one lock per table.

No Discord here. Handlers call one command of this service; each command is the same
transaction (``_changing``): under the table's lock, change a draft of the table with
the pure rules of ``lobby`` and ``play``, save it, and only then make it the table, so
memory never holds what the database refused. A refusal is a ``TableError``.

A finished match rates its members (``results``) in the same transaction that saves
its last move, from ratings compared and set in that transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import secrets
from collections.abc import AsyncIterator, Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..games import Seed
from ..seasons import season_of
from ..storage import (
    ClaimLost,
    RatingsMoved,
    RuleBroken,
    Storage,
)
from . import lobby, play
from .errors import TableError
from .ladder import note_next_levels
from .model import Seat, Table, TableSettings
from .results import announce_ratings, match_results, members, rated_forfeit
from .saved import SavedTables

RATING_ATTEMPTS = 5
"""Times a finished match re-reads its members' ratings when others moved them first."""
BROKEN_RULE_ERRORS = {"channel": "error.channel_busy", "rematch": "lobby.rematch_open"}
"""What a member is told when the database refuses a second live table."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a play did: ``applied`` a move (with its events) or asked the player to
    ``choose``. ``took_over`` is set when that timeout handed the seat to the bot."""

    kind: str
    seat: int
    events: list[dict[str, Any]] = field(default_factory=list)
    took_over: bool = False
    moves: list[int] = field(default_factory=list)
    """``choose``: the card's moves, one per capture it may make."""


@dataclass
class Change:
    """A draft of one table under its lock, and what its save writes with it."""

    table: Table
    move: dict[str, Any] | None = None
    """The move log's row, when the change applies a move."""
    request: str = field(default_factory=lambda: secrets.token_hex(8))
    """What asked for the change, unique: the interaction's id, or a token of the bot's
    own (the move log keeps it, so a save whose COMMIT answer was lost is found)."""
    discarded: bool = False
    """Nothing to save after all (an automatic move the table no longer wants)."""
    ends: bool = False
    """The change ends the match (finished, forfeited, cancelled)."""


class TableService(SavedTables):
    """The commands on tables: one lock and one transaction per command."""

    def __init__(self, storage: Storage, **options: Any) -> None:
        super().__init__(storage, **options)
        self._locks: dict[int, asyncio.Lock] = {}
        self.on_ended: list[Callable[[Table], None]] = []
        """Told of each table whose match ends (finished, abandoned, cancelled), once
        that is saved: the tournaments record their matches' results, the pool its
        strikes."""

    # -- the one transaction ----------

    @contextlib.asynccontextmanager
    async def _changing(self, table_id: int, request: str = "") -> AsyncIterator[Change]:
        """Lock the table, hand out a draft of it to change, then save the draft (with
        the move and results it makes) and put it in the table's place. A body that
        raises changes nothing."""
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            await self._catch_up(table_id)
            table = self.get(table_id)
            self.check_served(table)
            change = Change(table.copy())
            if request:
                change.request = request
            yield change
            if not change.discarded:
                change.ends = table.is_live and not change.table.is_live
                await self._commit(change)
                if change.ends:
                    for listener in self.on_ended:
                        listener(change.table)

    async def catch_up(self, table_id: int) -> None:
        """Bring a table whose last save is unsure in line with the database."""
        if table_id in self.unsure:
            async with self._locks.setdefault(table_id, asyncio.Lock()):
                await self._catch_up(table_id)

    async def _commit(self, change: Change) -> None:
        """Save a change; a finished match is saved with its members' results, rated from
        ratings read now and set only if unchanged meanwhile (``RatingsMoved``), so matches
        ending at once, here or in another process, rate a member in turn; the same in the
        season (``seasons``) and on the global board (unless the server keeps off it). Only
        a quick-play forfeit is rated; a match against a level notes ``next_levels``."""
        table = change.table
        if not _rated_end(change):
            await self.save(table, change.move)
            return
        await note_next_levels(self.storage, table)
        settings = await self.storage.guild_settings(table.guild_id)
        season = season_of(self.storage.clock(), settings.season_length)
        if table.settings.quick:  # rated on the global board only
            season, settings = "", dataclasses.replace(settings, global_board=True)
        if table.settings.clicks:  # among friends: on no board, in no season
            season, settings = "", dataclasses.replace(settings, global_board=False)
        for attempt in range(1, RATING_ATTEMPTS + 1):
            seated = members(table)
            ratings = await self.storage.ratings(table.guild_id, table.game, seated)
            in_season = (
                await self.storage.season_ratings(table.guild_id, table.game, season, seated)
                if season
                else None
            )
            worldwide = (
                await self.storage.global_ratings(table.game, seated)
                if settings.global_board
                else None
            )
            if table.settings.quick:  # the global rating is the one it moves
                ratings = worldwide or ratings
            results = match_results(table, ratings, season, in_season, worldwide)
            announce_ratings(table, results)
            try:
                await self.save(table, change.move, results)
                return
            except RatingsMoved:
                if attempt == RATING_ATTEMPTS:
                    raise

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
        self, pairing: int, game: str, sides: list[list[Seat]], *, timed: bool = True
    ) -> Table:
        """A quick-play ``pairing``'s match, dealt at once: its members seated on their
        sides, shown in their DMs. ``TableError``: ``pool.opened`` when its table was
        opened already, ``pool.busy`` when a member plays a match now (the insert checks)."""
        table = lobby.paired(pairing, game, sides, lobby.QUICK_TIMER if timed else None)
        play.start(table, table_seed(table, self.deal_seed), self.clock())
        row = table.to_row()
        try:
            table.id = await self.storage.create_table(row, pairing=pairing)
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

    async def toggle_hints(self, table_id: int, user_id: int) -> Table:
        """The host turns the coach on or off for the match to come."""
        async with self._changing(table_id) as change:
            settings = lobby.hosted_by(change.table, user_id).settings
            settings.hints = not settings.hints
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
        return Outcome(outcome.kind, seat, outcome.events, took_over)

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

    def _apply(self, change: Change, seat: int, move: int, *, automatic=False) -> Outcome:
        change.move = play.apply_move(change.table, seat, move, self.clock(), automatic=automatic)
        change.move["request"] = change.request
        return Outcome("applied", seat, change.move["events"])

    def _count_move(self, change: Change) -> None:
        """Count a move once it is saved."""
        self.metrics.moves.labels(change.table.game).inc()


def _rated_end(change: Change) -> bool:
    """Whether the change ends a match with a result that counts: its last move, with
    no side forfeiting, or a forfeit a side stayed through (quick play)."""
    table = change.table
    if not change.ends:
        return False
    return rated_forfeit(table) or (table.status == "finished" and not table.log.forfeited)


def table_seed(table: Table, deal_seed: int | None) -> Seed:
    """A secret seed from the operating system's randomness (256 bits, so nobody finds
    it from the cards or the commitment); with ``deal_seed`` set (tests), one drawn from
    it and the table."""
    if deal_seed is None:
        return secrets.token_hex(32)
    key = table.id or f"quick/{table.settings.quick}"
    digest = hashlib.sha256(f"{deal_seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
