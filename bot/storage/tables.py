"""Table rows: lobbies and matches, their move log, and what Discord shows of them.

A table's save is conditional on its ``revision`` (the number of saves so far): a
process whose copy of the table is out of date cannot overwrite a newer save, and is
told so by ``OutOfDate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from .base import StorageBase, decoded, to_column, to_json
from .databases import CommitUnknown, Conflict, DatabaseError, Transaction
from .deadlines import replace_deadlines
from .records import (
    LIVE_STATUSES,
    ONE_TABLE_RULES,
    TABLE_COLUMNS,
    MatchResult,
    OutOfDate,
    RuleBroken,
    Shards,
)
from .results import add_results


class TableRows(StorageBase):
    """Statements on ``game_tables``, ``moves`` and ``table_shown``."""

    async def create_table(
        self, row: dict[str, Any], *, pairing: int | None = None, exclusive: bool = True
    ) -> int:
        """Insert a new table (revision 0); its id. A quick-play ``pairing`` is claimed by
        the insert: ``RuleBroken("pairing")`` when its table was opened already, and
        (``exclusive``: a live match) ``RuleBroken("seated")`` when a member plays a
        live match already."""
        now = self.now()
        values = [to_column(row[name]) for name in TABLE_COLUMNS]
        marks = ", ".join("?" for _ in range(len(TABLE_COLUMNS) + 2))

        async def insert(tx: Transaction) -> int:
            await self.check_claim(tx, row["guild_id"])
            if pairing is not None and exclusive:
                await self._check_unseated(tx, [seat["user_id"] for seat in row["seats"]])
            inserted = await tx.fetch_one(
                f"INSERT INTO game_tables ({', '.join(TABLE_COLUMNS)}, created_at, updated_at) "
                f"VALUES ({marks}) RETURNING id",
                [*values, now, now],
            )
            if inserted is None:
                raise RuntimeError("INSERT … RETURNING id returned no row")
            if pairing is not None and not await tx.execute(
                "UPDATE pool_pairings SET table_id = ? WHERE id = ? AND table_id IS NULL",
                (inserted["id"], pairing),
            ):
                raise RuleBroken("pairing")
            return inserted["id"]

        try:
            return await self.db.write(insert)
        except Conflict as exc:
            raise _broken_rule(exc) from exc

    async def _check_unseated(self, tx: Transaction, user_ids: Sequence[int]) -> None:
        """``RuleBroken("seated")`` when one of the members is at a match in play. On
        PostgreSQL each member is locked for the transaction first, so two pairings of
        one member opening at once open one table."""
        members = sorted(user_id for user_id in user_ids if user_id > 0)
        if self.dialect == "postgresql":
            for user_id in members:
                await tx.execute("SELECT pg_advisory_xact_lock(?)", (user_id,))
        for user_id in members:
            if await tx.fetch_one(_PLAYING_TABLE_OF, (_seated_pattern(user_id),)):
                raise RuleBroken("seated")

    async def save_table(
        self,
        table_id: int,
        row: dict[str, Any],
        *,
        revision: int,
        changed: Sequence[str] = TABLE_COLUMNS,
        move: dict[str, Any] | None = None,
        results: list[MatchResult] | None = None,
        deadlines: Sequence[dict[str, Any]] | None = None,
    ) -> None:
        """Save a table's row (only its ``changed`` columns are written), the move that
        changed it, a finished match's results and a slow table's ``deadlines`` (None:
        a live table, which has none), all or nothing, if the table is still
        at ``revision``; it is then at ``revision + 1``. ``OutOfDate`` when it is not,
        ``RatingsMoved`` when a member's rating is no longer the results' ``rating_before``
        (ratings are compared and set, so no process rates from a stale value). When the
        answer to the COMMIT is lost, the save is looked up: found, it returns as saved;
        not found, ``DatabaseError``; the lookup failing too, ``CommitUnknown``."""
        names = [name for name in TABLE_COLUMNS if name in changed]
        assignments = "".join(f"{name} = ?, " for name in names)
        values = [to_column(row[name]) for name in names]
        now = self.now()

        async def work(tx: Transaction) -> None:
            await self.check_claim(tx, row["guild_id"])
            saved = await tx.execute(
                f"UPDATE game_tables SET {assignments}revision = revision + 1, updated_at = ? "
                "WHERE id = ? AND revision = ?",
                [*values, now, table_id, revision],
            )
            if not saved:
                raise OutOfDate(table_id)
            if move is not None:
                await tx.execute(
                    "INSERT INTO moves (table_id, version, seat, move, events, played_at, "
                    "request_id, stand_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        row["version"],
                        move["seat"],
                        move["move"],
                        to_json(move["events"]),
                        now,
                        move.get("request"),
                        int(move.get("stand_in", False)),
                    ),
                )
            if results:
                await add_results(tx, now, table_id, row["guild_id"], row["game"], results)
            if deadlines is not None:
                await replace_deadlines(tx, table_id, row["guild_id"], deadlines)

        try:
            await self.db.write(work)
        except CommitUnknown as lost:
            try:
                saved = await self._was_saved(table_id, revision, move)
            except Exception as exc:
                raise lost from exc
            if not saved:
                raise DatabaseError(f"table {table_id} was not saved: {lost}") from lost

    async def _was_saved(self, table_id: int, revision: int, move: dict[str, Any] | None) -> bool:
        """Whether a save whose COMMIT answer was lost is in the database: its move, by
        the request that made it; a save without a move, by the table's revision."""
        if move is not None and move.get("request"):
            found = await self.db.fetch_one(
                "SELECT table_id FROM moves WHERE request_id = ?", (move["request"],)
            )
            return found is not None
        row = await self.db.fetch_one("SELECT revision FROM game_tables WHERE id = ?", (table_id,))
        return row is not None and row["revision"] == revision + 1

    async def live_tables(self, shards: Shards | None = None) -> list[dict[str, Any]]:
        """Every table in a lobby or playing (of ``shards``' guilds only, when given),
        oldest first, JSON columns decoded."""
        where, args = "status IN (?, ?)", list(LIVE_STATUSES)
        if shards is not None:
            marks = ", ".join("?" for _ in shards.ids)
            where += f" AND (guild_id >> 22) % ? IN ({marks})"
            args += [shards.count, *shards.ids]
        rows = await self.db.fetch_all(
            f"SELECT id, revision, {', '.join(TABLE_COLUMNS)} FROM game_tables "
            f"WHERE {where} ORDER BY id",
            args,
        )
        return [decoded(row) for row in rows]

    async def live_quick_tables(self, limit: int) -> list[dict[str, Any]]:
        """The newest quick-play tables in play (server 0's), JSON columns decoded."""
        rows = await self.db.fetch_all(
            f"SELECT id, revision, {', '.join(TABLE_COLUMNS)} FROM game_tables "
            "WHERE guild_id = 0 AND status = ? ORDER BY id DESC LIMIT ?",
            ("playing", limit),
        )
        return [decoded(row) for row in rows]

    async def table_row(self, table_id: int) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            f"SELECT id, revision, {', '.join(TABLE_COLUMNS)} FROM game_tables WHERE id = ?",
            (table_id,),
        )
        return decoded(row) if row else None

    async def move_log(self, table_id: int) -> list[dict[str, Any]]:
        """A table's moves in order: each one's version, seat, move text, events, and
        ``stand_in``, whether the bot played it for a member (their timer ran out)."""
        rows = await self.db.fetch_all(
            "SELECT version, seat, move, events, stand_in FROM moves WHERE table_id = ? "
            "ORDER BY version",
            (table_id,),
        )
        return [
            {**row, "events": orjson.loads(row["events"]), "stand_in": bool(row["stand_in"])}
            for row in rows
        ]

    # -- reviews ----------

    async def review(self, table_id: int) -> dict[str, Any] | None:
        """A finished match's stored review, if it was reviewed."""
        row = await self.db.fetch_one("SELECT data FROM reviews WHERE table_id = ?", (table_id,))
        return orjson.loads(row["data"]) if row else None

    async def save_review(self, table_id: int, data: dict[str, Any]) -> None:
        """Keep a match's review (a second one, computed meanwhile, changes nothing)."""
        now = self.clock().isoformat()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO reviews (table_id, data, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO NOTHING",
                (table_id, to_json(data), now),
            )

        await self.db.write(work)

    # -- what Discord shows ----------

    async def shown(self, table_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """The publisher's records of what Discord shows of these tables."""
        if not table_ids:
            return {}
        marks = ", ".join("?" for _ in table_ids)
        rows = await self.db.fetch_all(
            f"SELECT table_id, data FROM table_shown WHERE table_id IN ({marks})", table_ids
        )
        return {row["table_id"]: orjson.loads(row["data"]) for row in rows}

    async def save_shown(self, table_id: int, data: dict[str, Any]) -> None:
        """Save the publisher's record of what Discord shows of a table."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO table_shown (table_id, data) VALUES (?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET data = excluded.data",
                (table_id, to_json(data)),
            )

        await self.db.write(work)

    async def finished_tables(
        self, *guild_ids: int, limit: int, ended: bool = False
    ) -> list[dict[str, Any]]:
        """The most recently finished matches of a server (or of several "servers":
        quick play's and friends' tables, seen from DMs), newest first, JSON columns
        decoded (``updated_at`` is when the match ended); with ``ended``, the matches
        that started and ended otherwise too (cancelled, abandoned, left)."""
        marks = ", ".join("?" * len(guild_ids))
        over = "status = 'finished'"
        if ended:
            over = f"({over} OR (status = 'cancelled' AND state IS NOT NULL))"
        rows = await self.db.fetch_all(
            f"SELECT id, {', '.join(TABLE_COLUMNS)}, updated_at FROM game_tables "
            f"WHERE guild_id IN ({marks}) AND {over} "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            (*guild_ids, limit),
        )
        return [decoded(row) for row in rows]

    async def bot_matches(
        self, user_id: int, game: str | None, *, limit: int
    ) -> list[dict[str, Any]]:
        """The member's most recent finished matches of ``game`` (None: of every game)
        with a bot level seated (on any server, at quick play, among friends), newest
        first, JSON columns decoded: their record against the ladder's levels."""
        games = "game = ? AND " if game else ""
        rows = await self.db.fetch_all(
            f"SELECT id, {', '.join(TABLE_COLUMNS)}, updated_at FROM game_tables "
            f"WHERE {games}status = 'finished' AND seats LIKE ? AND seats LIKE ? "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            (*([game] if game else []), _seated_pattern(user_id), '%"bot":"%', limit),
        )
        return [decoded(row) for row in rows]

    async def unrated_ends(self, guild_id: int, user_id: int) -> dict[str, int]:
        """By game, the member's matches in ``guild_id`` (a server, quick play, friends)
        that started and ended with no result: cancelled, abandoned, stopped by their
        tournament, or forfeited by every side (a quick-play or slow match one side left,
        or let the clock run out on, is rated, and counted on the member's line instead)."""
        rows = await self.db.fetch_all(
            "SELECT game, COUNT(*) AS count FROM game_tables WHERE guild_id = ? "
            "AND seats LIKE ? AND state IS NOT NULL AND ((status = 'cancelled' "
            "AND ui NOT LIKE ? AND ui NOT LIKE ?) OR (status = 'finished' AND ui LIKE ?)) "
            "GROUP BY game",
            (
                guild_id,
                _seated_pattern(user_id),
                _ended("left"),
                _ended("timed_out"),
                _ended("forfeited_both"),
            ),
        )
        return {row["game"]: row["count"] for row in rows}

    async def playing_table_of(self, user_id: int) -> int | None:
        """A live match in play where the member is seated (any server's, or quick
        play)."""
        row = await self.db.fetch_one(_PLAYING_TABLE_OF, (_seated_pattern(user_id),))
        return row["id"] if row else None

    async def finished_table_ids(self, *, limit: int) -> list[int]:
        """Finished matches' ids, oldest first (what ``python -m bot.verify`` checks)."""
        rows = await self.db.fetch_all(
            "SELECT id FROM game_tables WHERE status = 'finished' ORDER BY id LIMIT ?", (limit,)
        )
        return [row["id"] for row in rows]


_PLAYING_TABLE_OF = (
    "SELECT id FROM game_tables WHERE status = 'playing' AND seats LIKE ? "
    """AND (ui NOT LIKE '%"pace":"%' OR ui LIKE '%"pace":"live"%') LIMIT 1"""
)
"""A member's live match in play (a slow one does not count: they may have many)."""


def _seated_pattern(user_id: int) -> str:
    """What ``seats LIKE`` matches in the seats of a table where the member sits."""
    return f'%"user_id":{int(user_id)},%'


def _ended(reason: str) -> str:
    """What ``ui LIKE`` matches in a table that ended for ``reason``."""
    return f'%"end_reason":"{reason}"%'


def _broken_rule(exc: Conflict) -> Exception:
    """The one-table rule a refused insert broke, or the refusal itself."""
    for rule, names in ONE_TABLE_RULES.items():
        if any(name in str(exc) for name in names):
            return RuleBroken(rule)
    return exc
