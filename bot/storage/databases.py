"""The two databases the storage runs on, behind one small interface: SQLite through
aiosqlite (embedded, the default) and PostgreSQL through asyncpg (several processes,
one database). ``bot.storage`` holds the bot's own statements, written once with ``?``
placeholders; this module holds what differs between the two: connecting, transactions,
migrations (``data/migrations/<dialect>/NNNN_name.sql``) and how a refusal reads.

Every write is a ``Write``: a coroutine function given a ``Transaction``. It commits
whole or not at all, and its caller gets its result only once the commit is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import sqlite3
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg

from .faults import CONNECTION_LOST, CommitUnknown, Conflict, DatabaseError

MIGRATIONS_ROOT = Path(__file__).resolve().parents[2] / "data" / "migrations"
_MIGRATION_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")
POOL_SIZE = 10
"""PostgreSQL connections per process: saves of different tables commit in parallel."""
MIGRATION_LOCK = 0x65736362
"""The advisory lock that lets one process at a time migrate a PostgreSQL database."""


class Transaction(Protocol):
    """The statements of one write."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> dict[str, Any] | None:
        """Run one statement; its first row."""

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Run one statement; all its rows."""
        ...

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row of arguments."""


Write = Callable[[Transaction], Awaitable[Any]]


def database_url(url_or_path: str | Path) -> str:
    """``sqlite:///…`` or ``postgresql://…`` for a URL or a plain SQLite file path."""
    text = str(url_or_path)
    return text if "://" in text or text == ":memory:" else f"sqlite:///{text}"


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def database_path(url: str | Path) -> Path:
    """The file of an SQLite database given as ``sqlite:///relative/path``,
    ``sqlite:////absolute/path`` or a plain path; ``ValueError`` for another scheme."""
    text = str(url)
    if "://" not in text:
        return Path(text)
    scheme, _, rest = text.partition("://")
    if scheme != "sqlite" or not rest.startswith("/"):
        raise ValueError(f"not an SQLite database URL: {text!r} (expected sqlite:///path)")
    return Path(rest[1:])


def migrations(dialect: str) -> list[tuple[int, Path]]:
    """A dialect's shipped migrations as (number, path), in order."""
    found = []
    for path in (MIGRATIONS_ROOT / dialect).glob("*.sql"):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def _check_not_newer(current: int, dialect: str) -> None:
    latest = migrations(dialect)[-1][0]
    if current > latest:
        raise DatabaseError(
            f"the database was written by a newer version of the bot (schema {current}, "
            f"this version knows up to {latest}): upgrade the bot"
        )


async def open_database(url: str) -> SQLite | Postgres:
    """Connect to ``url`` and bring its schema up to date."""
    database = await (Postgres.open(url) if is_postgres(url) else SQLite.open(url))
    try:
        await database.migrate()
    except BaseException:
        await database.close()
        raise
    return database


# -- SQLite ----------


class Values(tuple):
    """A statement's values as the driver gets them, shown by their number only.
    aiosqlite logs every call with its arguments at DEBUG, and the values hold secrets
    (a live match's seed and hidden hands in its state, the daily deal's secret), so
    whatever the logging configuration, no log line can print them."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{len(self)} values>"


class _SQLiteTransaction:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self.connection.execute(sql, Values(args)) as cursor:
            return cursor.rowcount

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> dict[str, Any] | None:
        async with self.connection.execute(sql, Values(args)) as cursor:
            rows = list(await cursor.fetchall())  # stepped to the end: RETURNING needs it
        return dict(rows[0]) if rows else None

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self.connection.execute(sql, Values(args)) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.connection.executemany(sql, Values(Values(row) for row in rows))


class SQLite:
    """One file, one connection (WAL, ``synchronous=FULL``) and one writer task that
    does group commit: the writes queued while a commit runs share the next one, each in
    a savepoint of its own, so a write that fails leaves nothing and the others commit."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self.commits = 0
        """Transactions committed (the load benchmarks read it)."""
        self._queue: list[tuple[Write, asyncio.Future]] = []
        self._writer: asyncio.Task | None = None

    @classmethod
    async def open(cls, url: str) -> SQLite:
        path = database_path(url)
        if str(path) != ":memory:":
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseError(f"cannot create {path.parent}: {exc.strerror}") from exc
        try:
            connection = await aiosqlite.connect(path)
            connection.row_factory = aiosqlite.Row
            for pragma in (
                "PRAGMA journal_mode=WAL",
                "PRAGMA synchronous=FULL",
                "PRAGMA foreign_keys=ON",
            ):
                async with connection.execute(pragma) as cursor:
                    await cursor.fetchall()
        except sqlite3.Error as exc:
            raise DatabaseError(f"cannot open the SQLite database {path}: {exc}") from exc
        return cls(connection)

    async def close(self) -> None:
        """Finish the writes already queued, then close."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        await self.connection.close()

    async def migrate(self) -> int:
        """Apply the migrations not applied yet (``PRAGMA user_version`` records the
        last); the schema version."""
        async with self.connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = row[0] if row is not None else 0
        _check_not_newer(current, self.dialect)
        for number, path in migrations(self.dialect):
            if number <= current:
                continue
            await self.connection.executescript(
                f"BEGIN;\n{path.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};\n"
                "COMMIT;"
            )
            current = number
        return current

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self.connection.execute(sql, Values(args)) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> dict[str, Any] | None:
        async with self.connection.execute(sql, Values(args)) as cursor:
            row = await cursor.fetchone()
        return dict(row) if row is not None else None

    async def write(self, work: Write) -> Any:
        """Run ``work`` in the next group commit; its result once that commit is done."""
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
        transaction = _SQLiteTransaction(self.connection)
        try:
            await self.connection.execute("BEGIN")
            if len(batch) == 1:  # alone: the transaction itself is its savepoint
                work, future = batch[0]
                outcomes.append((future, await work(transaction), None))
            else:
                for work, future in batch:
                    outcomes.append((future, *await self._in_savepoint(work, transaction)))
            await self.connection.commit()
            self.commits += 1
        except Exception as exc:
            with contextlib.suppress(Exception):
                await self.connection.rollback()
            outcomes = [(future, None, _refusal(exc)) for _, future in batch]
        for future, result, error in outcomes:
            if future.done():
                continue
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)

    async def _in_savepoint(self, work: Write, transaction: _SQLiteTransaction) -> tuple[Any, Any]:
        await self.connection.execute("SAVEPOINT write")
        try:
            result = await work(transaction)
        except Exception as exc:
            await self.connection.execute("ROLLBACK TO write")
            await self.connection.execute("RELEASE write")
            return None, _refusal(exc)
        await self.connection.execute("RELEASE write")
        return result, None


def _refusal(exc: Exception) -> Exception:
    """A unique rule's refusal as ``Conflict``; any other failure as it is."""
    if isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc):
        return Conflict(str(exc))
    return exc


# -- PostgreSQL ----------


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (no statement has a literal ``?``)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _PostgresTransaction:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        status = await self.connection.execute(numbered(sql), *args)
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> dict[str, Any] | None:
        row = await self.connection.fetchrow(numbered(sql), *args)
        return dict(row) if row is not None else None

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.connection.fetch(numbered(sql), *args)]

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.connection.executemany(numbered(sql), rows)


class Postgres:
    """A pool of asyncpg connections; each write is a transaction of its own on one of
    them, and PostgreSQL commits concurrent transactions together (its own group commit,
    durable with the server's default ``synchronous_commit = on``)."""

    dialect = "postgresql"

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.commits = 0

    @classmethod
    async def open(cls, url: str) -> Postgres:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            raise DatabaseError(f"cannot connect to PostgreSQL at {_redacted(url)}: {exc}") from exc
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    async def migrate(self) -> int:
        """Apply the migrations not applied yet, one process at a time (an advisory lock);
        ``schema_version`` records the last. The schema version."""
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
            )
            current = await connection.fetchval("SELECT max(version) FROM schema_version") or 0
            _check_not_newer(current, self.dialect)
            for number, path in migrations(self.dialect):
                if number > current:
                    await connection.execute(path.read_text(encoding="utf-8"))
                    await connection.execute("INSERT INTO schema_version VALUES ($1)", number)
                    current = number
        return current

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.pool.fetch(numbered(sql), *args)]

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> dict[str, Any] | None:
        row = await self.pool.fetchrow(numbered(sql), *args)
        return dict(row) if row is not None else None

    async def write(self, work: Write) -> Any:
        """Run ``work`` in a transaction of its own; its result once committed.
        ``CommitUnknown`` when the connection was lost during the COMMIT."""
        try:
            async with self.pool.acquire() as connection:
                transaction = connection.transaction()
                await transaction.start()
                try:
                    result = await work(_PostgresTransaction(connection))
                except BaseException:
                    with contextlib.suppress(Exception):  # the connection may be gone
                        await transaction.rollback()
                    raise
                try:
                    await transaction.commit()
                except CONNECTION_LOST as exc:
                    raise CommitUnknown(str(exc) or type(exc).__name__) from exc
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(f"{getattr(exc, 'constraint_name', '')}: {exc}") from exc
        self.commits += 1
        return result


@contextlib.asynccontextmanager
async def scratch_schema(url: str) -> AsyncIterator[str]:
    """A new, empty schema on ``url``'s PostgreSQL server, dropped afterwards: the URL
    that works in it (tests and benchmarks leave the database as they found it)."""
    try:
        admin = await asyncpg.connect(url, timeout=5)
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        raise DatabaseError(f"cannot connect to PostgreSQL at {_redacted(url)}: {exc}") from exc
    schema = f"scratch_{uuid.uuid4().hex[:16]}"
    await admin.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in url else "?"
    try:
        yield f"{url}{joiner}search_path={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def _redacted(url: str) -> str:
    """The URL without its password."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)
