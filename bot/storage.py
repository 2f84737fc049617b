"""The bot's storage: every statement the bot runs on its data is in this module,
written once for both databases (``bot.databases``: SQLite, the embedded default, or
PostgreSQL for several processes on one database).

A table's save is conditional on its ``revision`` (the number of saves so far): a
process whose copy of the table is out of date cannot overwrite a newer save, and is
told so by ``OutOfDate``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from .databases import (
    Conflict,
    Postgres,
    SQLite,
    Transaction,
    database_url,
    open_database,
)
from .ratings import STARTING_RATING, Rating

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
ONE_TABLE_RULES = {
    "rematch": ("game_tables.rematch_of", "game_tables_one_rematch"),
    "channel": ("game_tables.channel_id", "game_tables_one_in_channel"),
}
"""The unique indexes on live tables, by how each database names them in a refusal."""


class RuleBroken(Exception):
    """A new table would break a one-table rule: ``rule`` is ``channel`` (one live table
    where tables play without threads) or ``rematch`` (one live rematch per match)."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


class OutOfDate(Exception):
    """The table was saved since this copy of it was read (by another process, say):
    nothing was written."""


class RatingsMoved(Exception):
    """A member's rating changed after it was read for a match's results (another
    match of theirs ended meanwhile, in this process or another): nothing was written,
    and the results must be worked out again from the ratings as they are now."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs: it drives only the tables of their guilds."""

    ids: tuple[int, ...]
    count: int

    def has_guild(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids


EVERY_SHARD = -1
"""The shard a process that runs them all claims (``Storage.claim_shards``)."""


def claimed_shards(shards: Shards | None) -> tuple[int, ...]:
    """The shard numbers a process with ``shards`` (None: all of them) claims."""
    return shards.ids if shards is not None else (EVERY_SHARD,)


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
    "wins": "won DESC, CAST(won AS DOUBLE PRECISION) / played DESC, points DESC",
    "matches": "played DESC, won DESC",
}
"""How ``/leaderboard`` can sort; ties end on the member id."""
_RECORD_COLUMNS = (
    "game, user_id, played, won, points, escobas, hands, with_bots, with_hints, mu, sigma"
)


def utc_now() -> datetime:
    """The real time: the storage's clock unless it is given another (the sandbox's)."""
    return datetime.now(UTC)


class Storage:
    """The bot's data. Open with ``await Storage.open(url)``."""

    def __init__(
        self, database: SQLite | Postgres, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self.db = database
        self.clock = clock
        """Dates every row it writes (tables, moves, results): ``/history`` shows them."""

    @property
    def commits(self) -> int:
        """Transactions committed so far (the load benchmarks read it)."""
        return self.db.commits

    @property
    def dialect(self) -> str:
        return self.db.dialect

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    @classmethod
    async def open(cls, url: Path | str, clock: Callable[[], datetime] = utc_now) -> Storage:
        """Open ``sqlite:///path``, ``postgresql://…`` or a plain SQLite file path, and
        bring its schema up to date."""
        return cls(await open_database(database_url(url)), clock)

    async def close(self) -> None:
        """Finish the writes already queued, then close the database."""
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations not applied yet; return the schema version."""
        return await self.db.migrate()

    # -- tables ----------

    async def create_table(self, row: dict[str, Any]) -> int:
        """Insert a new table (revision 0); its id."""
        now = self._now()
        values = [_column(row[name]) for name in TABLE_COLUMNS]
        marks = ", ".join("?" for _ in range(len(TABLE_COLUMNS) + 2))

        async def insert(tx: Transaction) -> int:
            inserted = await tx.fetch_one(
                f"INSERT INTO game_tables ({', '.join(TABLE_COLUMNS)}, created_at, updated_at) "
                f"VALUES ({marks}) RETURNING id",
                [*values, now, now],
            )
            return inserted["id"]

        try:
            return await self.db.write(insert)
        except Conflict as exc:
            raise _broken_rule(exc) from exc

    async def save_table(
        self,
        table_id: int,
        row: dict[str, Any],
        *,
        revision: int,
        changed: Sequence[str] = TABLE_COLUMNS,
        move: dict[str, Any] | None = None,
        results: list[MatchResult] | None = None,
    ) -> None:
        """Save a table's row (only its ``changed`` columns are written), the move that
        changed it and a finished match's results, all or nothing, if the table is still
        at ``revision``; it is then at ``revision + 1``. ``OutOfDate`` when it is not,
        ``RatingsMoved`` when a member's rating is no longer the results' ``rating_before``
        (ratings are compared and set, so no process rates from a stale value)."""
        names = [name for name in TABLE_COLUMNS if name in changed]
        assignments = "".join(f"{name} = ?, " for name in names)
        values = [_column(row[name]) for name in names]
        now = self._now()

        async def work(tx: Transaction) -> None:
            saved = await tx.execute(
                f"UPDATE game_tables SET {assignments}revision = revision + 1, updated_at = ? "
                "WHERE id = ? AND revision = ?",
                [*values, now, table_id, revision],
            )
            if not saved:
                raise OutOfDate(table_id)
            if move is not None:
                await tx.execute(
                    "INSERT INTO moves (table_id, version, seat, move, events, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        row["version"],
                        move["seat"],
                        move["move"],
                        _json(move["events"]),
                        now,
                    ),
                )
            if results:
                await self._add_results(tx, table_id, row["guild_id"], row["game"], results)

        await self.db.write(work)

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
        return [_decode(row) for row in rows]

    async def table_row(self, table_id: int) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            f"SELECT id, revision, {', '.join(TABLE_COLUMNS)} FROM game_tables WHERE id = ?",
            (table_id,),
        )
        return _decode(row) if row else None

    async def move_log(self, table_id: int) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all(
            "SELECT version, seat, move, events FROM moves WHERE table_id = ? ORDER BY version",
            (table_id,),
        )
        return [{**row, "events": orjson.loads(row["events"])} for row in rows]

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
                (table_id, _json(data)),
            )

        await self.db.write(work)

    # -- bot metadata ----------

    async def meta(self, key: str) -> str | None:
        row = await self.db.fetch_one("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        await self.db.write(work)

    # -- shard claims ----------

    async def claim_shards(self, shards: Shards | None, owner: str) -> None:
        """Make ``owner`` (a process) the one that drives ``shards``' tables, taking
        them over from whichever process claimed them before."""
        now = self._now()

        async def work(tx: Transaction) -> None:
            await tx.execute_many(
                "INSERT INTO shard_claims (shard, owner, claimed_at) VALUES (?, ?, ?) "
                "ON CONFLICT (shard) DO UPDATE SET owner = excluded.owner, "
                "claimed_at = excluded.claimed_at",
                [(shard, owner, now) for shard in claimed_shards(shards)],
            )

        await self.db.write(work)

    async def shard_claims(self, shards: Shards | None) -> dict[int, str]:
        """Which process claimed each of ``shards`` last."""
        numbers = claimed_shards(shards)
        marks = ", ".join("?" for _ in numbers)
        rows = await self.db.fetch_all(
            f"SELECT shard, owner FROM shard_claims WHERE shard IN ({marks})", numbers
        )
        return {row["shard"]: row["owner"] for row in rows}

    # -- settings ----------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.db.fetch_one(
            "SELECT language, default_target, dm_hands, turn_timer, takeover_after, images "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
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
        async def work(tx: Transaction) -> None:
            await tx.execute(
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

        await self.db.write(work)

    # -- results ----------

    async def _add_results(
        self,
        tx: Transaction,
        table_id: int,
        guild_id: int,
        game: str,
        results: list[MatchResult],
    ) -> None:
        now = self._now()
        for result in results:
            before, after = result.rating_before, result.rating_after
            rated = await tx.execute(
                "INSERT INTO player_results (guild_id, game, user_id, played, won, points, "
                "escobas, hands, with_bots, with_hints, mu, sigma) "
                "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
                "played = player_results.played + 1, won = player_results.won + excluded.won, "
                "points = player_results.points + excluded.points, "
                "escobas = player_results.escobas + excluded.escobas, "
                "hands = player_results.hands + excluded.hands, "
                "with_bots = player_results.with_bots + excluded.with_bots, "
                "with_hints = player_results.with_hints + excluded.with_hints, "
                "mu = excluded.mu, sigma = excluded.sigma "
                "WHERE player_results.mu = ? AND player_results.sigma = ?",
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
                    before.mu,
                    before.sigma,
                ),
            )
            if not rated:
                raise RatingsMoved(result.user_id)
            await tx.execute(
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
        rows = await self.db.fetch_all(
            f"SELECT user_id, mu, sigma FROM player_results "
            f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        found = {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}
        return {user_id: found.get(user_id, STARTING_RATING) for user_id in user_ids}

    async def leaderboard(
        self, guild_id: int, game: str, *, sort: str = "rating", limit: int, offset: int
    ) -> tuple[list[PlayerRecord], int]:
        """One page of a game's leaderboard sorted by ``LEADERBOARD_ORDER[sort]``, and
        the row count."""
        rows = await self.db.fetch_all(
            f"SELECT {_RECORD_COLUMNS} FROM player_results "
            "WHERE guild_id = ? AND game = ? "
            f"ORDER BY {LEADERBOARD_ORDER[sort]}, user_id "
            "LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        counted = await self.db.fetch_one(
            "SELECT COUNT(*) AS count FROM player_results WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        return [PlayerRecord(**row) for row in rows], counted["count"]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerRecord]:
        rows = await self.db.fetch_all(
            f"SELECT {_RECORD_COLUMNS} FROM player_results "
            "WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        return [PlayerRecord(**row) for row in rows]

    async def rating_trail(
        self, guild_id: int, user_id: int, game: str, *, matches: int
    ) -> list[Rating]:
        """A member's rating before their last ``matches`` rated matches and after each,
        oldest first (empty when never rated)."""
        rows = await self.db.fetch_all(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
            "WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY table_id DESC LIMIT ?",
            (guild_id, user_id, game, matches),
        )
        rows.reverse()
        if not rows:
            return []
        first = Rating(rows[0]["mu_before"], rows[0]["sigma_before"])
        return [first, *(Rating(row["mu_after"], row["sigma_after"]) for row in rows)]

    async def match_rating_changes(self, table_id: int) -> dict[int, tuple[Rating, Rating]]:
        """Each member's rating before and after one finished match."""
        rows = await self.db.fetch_all(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after "
            "FROM rating_changes WHERE table_id = ?",
            (table_id,),
        )
        return {
            row["user_id"]: (
                Rating(row["mu_before"], row["sigma_before"]),
                Rating(row["mu_after"], row["sigma_after"]),
            )
            for row in rows
        }

    async def finished_tables(self, guild_id: int, *, limit: int) -> list[dict[str, Any]]:
        """A server's most recently finished matches, newest first, JSON columns decoded
        (``updated_at`` is when the match ended)."""
        rows = await self.db.fetch_all(
            f"SELECT id, {', '.join(TABLE_COLUMNS)}, updated_at FROM game_tables "
            "WHERE guild_id = ? AND status = 'finished' ORDER BY updated_at DESC, id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_decode(row) for row in rows]

    # -- moving to another database ----------

    async def is_empty(self) -> bool:
        """Whether no table, result or setting was ever saved here."""
        for name in COPIED_TABLES:
            if await self.db.fetch_one(f"SELECT 1 AS found FROM {name} LIMIT 1"):
                return False
        return True

    async def copy_from(self, source: Storage) -> dict[str, int]:
        """Copy every row of ``source`` here, in one transaction; rows copied by table.
        Both are at the same schema version (``open`` migrates them)."""
        copied: dict[str, int] = {}

        async def work(tx: Transaction) -> None:
            for name in COPIED_TABLES:
                rows = await source.db.fetch_all(f"SELECT * FROM {name}")
                copied[name] = len(rows)
                if rows:
                    columns = list(rows[0])
                    marks = ", ".join("?" for _ in columns)
                    await tx.execute_many(
                        f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})",
                        [tuple(row[column] for column in columns) for row in rows],
                    )
            if self.dialect == "postgresql":  # ids were given: the next one follows them
                await tx.execute(
                    "SELECT setval(pg_get_serial_sequence('game_tables', 'id'), "
                    "(SELECT COALESCE(MAX(id), 0) + 1 FROM game_tables), false)"
                )

        await self.db.write(work)
        return copied


COPIED_TABLES = (
    "guild_settings",
    "game_tables",
    "moves",
    "player_results",
    "rating_changes",
    "table_shown",
    "bot_meta",
)
"""Every table of the schema, each after the tables it refers to."""
_JSON_COLUMNS = ("options", "seats", "state", "ui")


def _broken_rule(exc: Conflict) -> Exception:
    """The one-table rule a refused insert broke, or the refusal itself."""
    for rule, names in ONE_TABLE_RULES.items():
        if any(name in str(exc) for name in names):
            return RuleBroken(rule)
    return exc


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _column(value: Any) -> Any:
    return _json(value) if isinstance(value, (dict, list)) else value


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for name in _JSON_COLUMNS:
        if row.get(name) is not None:
            row[name] = orjson.loads(row[name])
    return row
