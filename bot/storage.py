"""SQLite storage (aiosqlite, WAL): every SQL statement the bot runs is in this module.

Migrations are the numbered ``data/migrations/NNNN_name.sql`` files, applied in
order at start; ``PRAGMA user_version`` records the last one applied.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from .ratings import STARTING_RATING, Rating

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "data" / "migrations"
_MIGRATION_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")

TABLE_COLUMNS = (
    "guild_id",
    "channel_id",
    "thread_id",
    "host_id",
    "game",
    "options",
    "status",
    "locale",
    "seats",
    "state",
    "version",
    "ui",
    "in_channel",
    "rematch_of",
)
Write = Callable[[], Awaitable[Any]]
"""The statements of one write, run by the storage's writer inside a transaction."""
ONE_TABLE_RULES = {"channel_id": "channel", "rematch_of": "rematch"}
"""The unique indexes on live tables, by the column the database names in its refusal."""


class RuleBroken(Exception):
    """A new table would break a one-table rule: ``rule`` is ``channel`` (one live table
    where tables play without threads) or ``rematch`` (one live rematch per match)."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


LIVE_STATUSES = ("lobby", "playing")


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's choices from ``/settings``; ``None`` means the built-in default."""

    language: str | None = None
    default_target: int | None = None
    dm_hands: bool = True
    turn_timer: int | None = None
    takeover_after: int = 3
    images: bool = True


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One member's results in one game on one server."""

    game: str
    user_id: int
    played: int
    won: int
    points: int
    escobas: int
    hands: int
    with_bots: int
    """Matches of ``played`` that had bot seats."""
    with_hints: int
    """Matches of ``played`` where the coach gave hints."""
    mu: float
    sigma: float

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one seated member gets from a finished match."""

    user_id: int
    won: bool
    points: int
    escobas: int
    hands: int
    with_bots: bool = False
    with_hints: bool = False
    rating_before: Rating = STARTING_RATING
    rating_after: Rating = STARTING_RATING


LEADERBOARD_ORDER = {
    "rating": "mu - 3 * sigma DESC, won DESC",
    "wins": "won DESC, CAST(won AS REAL) / played DESC, points DESC",
    "matches": "played DESC, won DESC",
}
"""How ``/leaderboard`` can sort; ties end on the member id."""
_RECORD_COLUMNS = (
    "game, user_id, played, won, points, escobas, hands, with_bots, with_hints, mu, sigma"
)


def database_path(url: str) -> Path:
    """The file of an SQLite database given as ``sqlite:///relative/path``,
    ``sqlite:////absolute/path`` or a plain path; ``ValueError`` for another scheme."""
    if "://" not in url:
        return Path(url)
    scheme, _, rest = url.partition("://")
    if scheme != "sqlite" or not rest.startswith("/"):
        raise ValueError(f"not an SQLite database URL: {url!r} (expected sqlite:///path)")
    return Path(rest[1:])


def utc_now() -> datetime:
    """The real time: the storage's clock unless it is given another (the sandbox's)."""
    return datetime.now(UTC)


def migrations(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """The shipped migrations as (number, path), in order."""
    found = []
    for path in directory.glob("*.sql"):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


class Storage:
    """The bot's database. Open with ``await Storage.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], datetime] = utc_now) -> None:
        self.db = db
        self.clock = clock
        """Dates every row it writes (tables, moves, results): ``/history`` shows them."""
        self.commits = 0
        self._queue: list[tuple[Write, asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        """Transactions committed through this storage (the load benchmark reads it)."""

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    @classmethod
    async def open(cls, path: Path | str, clock: Callable[[], datetime] = utc_now) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        for pragma in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=FULL",
            "PRAGMA foreign_keys=ON",
        ):
            async with db.execute(pragma):
                pass
        storage = cls(db, clock)
        await storage.migrate()
        return storage

    async def close(self) -> None:
        """Finish the writes already queued, then close the database."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        await self.db.close()

    async def _commit(self) -> None:
        await self.db.commit()
        self.commits += 1

    async def _write(self, work: Write) -> Any:
        """Run ``work`` (the statements of one write) in the next group commit and
        return its result once that commit is done. Writes queued while a commit runs
        share the next one (group commit); each runs in a savepoint of its own, so a
        write that fails leaves nothing behind and the others still commit."""
        future = asyncio.get_running_loop().create_future()
        self._queue.append((work, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await future

    async def _write_batches(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            await self._commit_batch(batch)

    async def _commit_batch(self, batch: list[tuple[Write, asyncio.Future]]) -> None:
        outcomes: list[tuple[asyncio.Future, Any, BaseException | None]] = []
        try:
            await self.db.execute("BEGIN")
            if len(batch) == 1:  # alone: the transaction itself is its savepoint
                work, future = batch[0]
                outcomes.append((future, await work(), None))
            else:
                for work, future in batch:
                    outcomes.append((future, *await self._in_savepoint(work)))
            await self._commit()
        except Exception as exc:
            with contextlib.suppress(Exception):
                await self.db.rollback()
            outcomes = [(future, None, exc) for _, future in batch]
        for future, result, error in outcomes:
            if future.done():
                continue
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)

    async def _in_savepoint(self, work: Write) -> tuple[Any, Exception | None]:
        await self.db.execute("SAVEPOINT write")
        try:
            result = await work()
        except Exception as exc:
            await self.db.execute("ROLLBACK TO write")
            await self.db.execute("RELEASE write")
            return None, exc
        await self.db.execute("RELEASE write")
        return result, None

    async def migrate(self) -> int:
        """Apply the migrations not applied yet; return the schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            (current,) = await cursor.fetchone()
        for number, path in migrations():
            if number <= current:
                continue
            await self.db.executescript(
                f"BEGIN;\n{path.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};\n"
                "COMMIT;"
            )
            current = number
        return current

    # -- tables ----------

    async def create_table(self, row: dict[str, Any]) -> int:
        now = self._now()
        values = [_column(row[name]) for name in TABLE_COLUMNS]
        placeholders = ", ".join("?" for _ in range(len(TABLE_COLUMNS) + 2))

        async def insert() -> int:
            async with self.db.execute(
                f"INSERT INTO game_tables ({', '.join(TABLE_COLUMNS)}, created_at, updated_at) "
                f"VALUES ({placeholders})",
                [*values, now, now],
            ) as cursor:
                return cursor.lastrowid

        try:
            return await self._write(insert)
        except sqlite3.IntegrityError as exc:
            raise _broken_rule(exc) from exc

    async def save_table(
        self,
        table_id: int,
        row: dict[str, Any],
        move: dict[str, Any] | None = None,
        results: list[MatchResult] | None = None,
    ) -> None:
        """Save a table's row, the move that produced it and a finished match's results,
        all or nothing (one savepoint of a group commit)."""
        assignments = ", ".join(f"{name} = ?" for name in TABLE_COLUMNS)
        values = [_column(row[name]) for name in TABLE_COLUMNS]

        async def work() -> None:
            await self.db.execute(
                f"UPDATE game_tables SET {assignments}, updated_at = ? WHERE id = ?",
                [*values, self._now(), table_id],
            )
            if move is not None:
                await self.db.execute(
                    "INSERT INTO moves (table_id, version, seat, move, events, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        row["version"],
                        move["seat"],
                        move["move"],
                        json.dumps(move["events"]),
                        self._now(),
                    ),
                )
            if results:
                await self._add_results(table_id, row["guild_id"], row["game"], results)

        await self._write(work)

    async def live_tables(self) -> list[dict[str, Any]]:
        """Every table in a lobby or playing, oldest first, JSON columns decoded."""
        async with self.db.execute(
            f"SELECT id, {', '.join(TABLE_COLUMNS)} FROM game_tables "
            "WHERE status IN (?, ?) ORDER BY id",
            LIVE_STATUSES,
        ) as cursor:
            rows = await cursor.fetchall()
        return [_decode(dict(row)) for row in rows]

    async def table_row(self, table_id: int) -> dict[str, Any] | None:
        async with self.db.execute(
            f"SELECT id, {', '.join(TABLE_COLUMNS)} FROM game_tables WHERE id = ?",
            (table_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return _decode(dict(row)) if row else None

    async def move_log(self, table_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT version, seat, move, events FROM moves WHERE table_id = ? ORDER BY version",
            (table_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [{**dict(row), "events": json.loads(row["events"])} for row in rows]

    # -- what Discord shows ----------

    async def shown(self, table_ids: list[int]) -> dict[int, dict[str, Any]]:
        """The publisher's records of what Discord shows of these tables."""
        if not table_ids:
            return {}
        marks = ", ".join("?" for _ in table_ids)
        async with self.db.execute(
            f"SELECT table_id, data FROM table_shown WHERE table_id IN ({marks})", table_ids
        ) as cursor:
            return {row["table_id"]: json.loads(row["data"]) for row in await cursor.fetchall()}

    async def save_shown(self, table_id: int, data: dict[str, Any]) -> None:
        """Save the publisher's record of what Discord shows of a table."""

        async def work() -> None:
            await self.db.execute(
                "INSERT INTO table_shown (table_id, data) VALUES (?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET data = excluded.data",
                (table_id, json.dumps(data)),
            )

        await self._write(work)

    # -- bot metadata ----------

    async def meta(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM bot_meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async def work() -> None:
            await self.db.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        await self._write(work)

    # -- settings ----------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.execute(
            "SELECT language, default_target, dm_hands, turn_timer, takeover_after, images "
            "FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return GuildSettings()
        return GuildSettings(
            language=row["language"],
            default_target=row["default_target"],
            dm_hands=bool(row["dm_hands"]),
            turn_timer=row["turn_timer"],
            takeover_after=row["takeover_after"],
            images=bool(row["images"]),
        )

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async def work() -> None:
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, language, default_target, dm_hands, "
                "turn_timer, takeover_after, images) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "default_target = excluded.default_target, dm_hands = excluded.dm_hands, "
                "turn_timer = excluded.turn_timer, "
                "takeover_after = excluded.takeover_after, images = excluded.images",
                (
                    guild_id,
                    settings.language,
                    settings.default_target,
                    int(settings.dm_hands),
                    settings.turn_timer,
                    settings.takeover_after,
                    int(settings.images),
                ),
            )

        await self._write(work)

    # -- results ----------

    async def _add_results(
        self, table_id: int, guild_id: int, game: str, results: list[MatchResult]
    ) -> None:
        now = self._now()
        for result in results:
            before, after = result.rating_before, result.rating_after
            await self.db.execute(
                "INSERT INTO player_results (guild_id, game, user_id, played, won, points, "
                "escobas, hands, with_bots, with_hints, mu, sigma) "
                "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
                "played = played + 1, won = won + excluded.won, "
                "points = points + excluded.points, escobas = escobas + excluded.escobas, "
                "hands = hands + excluded.hands, with_bots = with_bots + excluded.with_bots, "
                "with_hints = with_hints + excluded.with_hints, "
                "mu = excluded.mu, sigma = excluded.sigma",
                (
                    guild_id,
                    game,
                    result.user_id,
                    int(result.won),
                    result.points,
                    result.escobas,
                    result.hands,
                    int(result.with_bots),
                    int(result.with_hints),
                    after.mu,
                    after.sigma,
                ),
            )
            await self.db.execute(
                "INSERT INTO rating_changes (table_id, guild_id, game, user_id, mu_before, "
                "sigma_before, mu_after, sigma_after, rated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    guild_id,
                    game,
                    result.user_id,
                    before.mu,
                    before.sigma,
                    after.mu,
                    after.sigma,
                    now,
                ),
            )

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        """The members' current ratings; a member never rated has the starting one."""
        marks = ", ".join("?" for _ in user_ids)
        async with self.db.execute(
            f"SELECT user_id, mu, sigma FROM player_results "
            f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        ) as cursor:
            found = {
                row["user_id"]: Rating(row["mu"], row["sigma"]) for row in await cursor.fetchall()
            }
        return {user_id: found.get(user_id, STARTING_RATING) for user_id in user_ids}

    async def leaderboard(
        self, guild_id: int, game: str, *, sort: str = "rating", limit: int, offset: int
    ) -> tuple[list[PlayerRecord], int]:
        """One page of a game's leaderboard sorted by ``LEADERBOARD_ORDER[sort]``, and
        the row count."""
        async with self.db.execute(
            f"SELECT {_RECORD_COLUMNS} FROM player_results "
            "WHERE guild_id = ? AND game = ? "
            f"ORDER BY {LEADERBOARD_ORDER[sort]}, user_id "
            "LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        ) as cursor:
            rows = [PlayerRecord(**dict(row)) for row in await cursor.fetchall()]
        async with self.db.execute(
            "SELECT COUNT(*) FROM player_results WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        ) as cursor:
            (count,) = await cursor.fetchone()
        return rows, count

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerRecord]:
        async with self.db.execute(
            f"SELECT {_RECORD_COLUMNS} FROM player_results "
            "WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        ) as cursor:
            return [PlayerRecord(**dict(row)) for row in await cursor.fetchall()]

    async def rating_trail(
        self, guild_id: int, user_id: int, game: str, *, matches: int
    ) -> list[Rating]:
        """A member's rating before their last ``matches`` rated matches and after each,
        oldest first (empty when never rated)."""
        async with self.db.execute(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
            "WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY table_id DESC LIMIT ?",
            (guild_id, user_id, game, matches),
        ) as cursor:
            rows = list(reversed(await cursor.fetchall()))
        if not rows:
            return []
        first = Rating(rows[0]["mu_before"], rows[0]["sigma_before"])
        return [first, *(Rating(row["mu_after"], row["sigma_after"]) for row in rows)]

    async def match_rating_changes(self, table_id: int) -> dict[int, tuple[Rating, Rating]]:
        """Each member's rating before and after one finished match."""
        async with self.db.execute(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after "
            "FROM rating_changes WHERE table_id = ?",
            (table_id,),
        ) as cursor:
            return {
                row["user_id"]: (
                    Rating(row["mu_before"], row["sigma_before"]),
                    Rating(row["mu_after"], row["sigma_after"]),
                )
                for row in await cursor.fetchall()
            }

    async def finished_tables(self, guild_id: int, *, limit: int) -> list[dict[str, Any]]:
        """A server's most recently finished matches, newest first, JSON columns decoded
        (``updated_at`` is when the match ended)."""
        async with self.db.execute(
            f"SELECT id, {', '.join(TABLE_COLUMNS)}, updated_at FROM game_tables "
            "WHERE guild_id = ? AND status = 'finished' ORDER BY updated_at DESC, id DESC LIMIT ?",
            (guild_id, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [_decode(dict(row)) for row in rows]


_JSON_COLUMNS = ("options", "seats", "state", "ui")


def _broken_rule(exc: sqlite3.IntegrityError) -> Exception:
    """The one-table rule a refused insert broke, or the refusal itself."""
    for column, rule in ONE_TABLE_RULES.items():
        if f"game_tables.{column}" in str(exc):
            return RuleBroken(rule)
    return exc


def _column(value: Any) -> Any:
    return json.dumps(value) if isinstance(value, (dict, list)) else value


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for name in _JSON_COLUMNS:
        if row.get(name) is not None:
            row[name] = json.loads(row[name])
    return row
