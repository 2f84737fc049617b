"""The table service's one transaction: under the table's lock, a draft of the table
is changed, saved (with the move and the results it makes), and only then made the
table, so memory never holds what the database refused.

A finished match rates its members (``results``) in the same transaction that saves
its last move, from ratings compared and set in that transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from ..seasons import season_of
from ..storage import DatabaseError, RatingsMoved, Storage
from . import play
from .ladder import note_next_levels
from .model import Table
from .pace import forced_move, hand_plays_itself
from .results import announce_ratings, match_results, members, rated_forfeit
from .saved import SavedTables

RATING_ATTEMPTS = 5
"""Times a finished match re-reads its members' ratings when others moved them first."""


log = logging.getLogger(__name__)

FORCED_MOVES_MAX = 40
"""More moves than a hand has: the bound of one run of forced moves."""


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


class TableTransactions(SavedTables):
    """One lock per table, and the transaction every command on a table is."""

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
        """Save a change; a match it finishes is saved with its members' results, rated
        from ratings read now and set only if unchanged meanwhile (``RatingsMoved``), so
        a member whose matches end at once, here or in another process, is rated in turn;
        the same in the season it ends in (``seasons``, by the server's settings) and on
        the global board (unless the server keeps its matches off it). A quick-play match
        one side forfeited is rated (``results.rated_forfeit``); no other forfeit is."""
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

    async def play_forced(self, table_id: int) -> None:
        """At a slow table, play the moves that leave no choice: the seat to act's only
        legal move when its member allows it (``/profile``), or every move left in the
        hand when each of them is forced (the hand plays itself). Each is saved as the
        seat's own move, one change each, as any move. A failed write stops the run:
        the member whose turn it is then plays the move themselves."""
        try:
            for _ in range(FORCED_MOVES_MAX):
                if not await self._play_one_forced(table_id):
                    return
        except DatabaseError:
            log.warning("table %s: a forced move was not saved", table_id, exc_info=True)

    async def _play_one_forced(self, table_id: int) -> bool:
        table = self.get(table_id)
        move = forced_move(table)
        if move is None or not await self._may_force(table):
            return False
        async with self._changing(table_id) as change:
            if change.table.version != table.version:
                change.discarded = True
                return False
            self._apply(change, table.match.turn, move)
        self._count_move(change)
        return True

    async def _may_force(self, table: Table) -> bool:
        seat = table.seats[table.match.turn]
        if hand_plays_itself(table.match):
            return True
        if seat.bot is not None or seat.autoplayed:
            return False  # the clock plays a bot's turn
        return bool((await self.storage.slow_settings(seat.user_id))["auto_forced"])

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
