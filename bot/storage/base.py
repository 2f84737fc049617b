"""The storage's common ground: the database, the clock that dates rows, JSON columns."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

import orjson

from .databases import Postgres, SQLite, Transaction, database_url, open_database
from .records import Claim, ClaimLost, shard_of

JSON_COLUMNS = ("options", "seats", "state", "ui")


def utc_now() -> datetime:
    """The real time: the storage's clock unless it is given another (the sandbox's)."""
    return datetime.now(UTC)


def stamp(at: datetime) -> str:
    """How every row dates a moment: UTC, to the second, ISO text (ordered as text)."""
    return at.astimezone(UTC).isoformat(timespec="seconds")


class StorageBase:
    """One database and the clock that dates what is written to it."""

    def __init__(
        self, database: SQLite | Postgres, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self.db = database
        self.clock = clock
        """Dates every row it writes (tables, moves, results): ``/history`` shows them."""
        self.claim: Claim | None = None
        """This process's shard claim, once made: it fences every table write."""

    @property
    def commits(self) -> int:
        """Transactions committed so far (the load benchmarks read it)."""
        return self.db.commits

    @property
    def dialect(self) -> str:
        return self.db.dialect

    async def check_claim(self, tx: Transaction, guild_id: int) -> None:
        """Refuse a table write (``ClaimLost``) once another process has claimed the
        table's shard. The epoch is read FOR SHARE on PostgreSQL: a claim waits for the
        writes under way, and the writes after it see its epoch. A storage that claimed
        nothing (a tool, a test of one process) writes freely."""
        if self.claim is None:
            return
        shard = shard_of(guild_id, self.claim.shards)
        lock = " FOR SHARE" if self.dialect == "postgresql" else ""
        row = await tx.fetch_one(f"SELECT epoch FROM shard_claims WHERE shard = ?{lock}", (shard,))
        if row is None or row["epoch"] != self.claim.epochs.get(shard):
            raise ClaimLost(shard)

    def now(self) -> str:
        return stamp(self.clock())

    @classmethod
    async def open(cls, url: Path | str, clock: Callable[[], datetime] = utc_now) -> Self:
        """Open ``sqlite:///path``, ``postgresql://…`` or a plain SQLite file path, and
        bring its schema up to date."""
        return cls(await open_database(database_url(url)), clock)

    async def close(self) -> None:
        """Finish the writes already queued, then close the database."""
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations not applied yet; return the schema version."""
        return await self.db.migrate()


def to_json(value: Any) -> str:
    return orjson.dumps(value).decode()


def to_column(value: Any) -> Any:
    return to_json(value) if isinstance(value, (dict, list)) else value


def decoded(row: dict[str, Any]) -> dict[str, Any]:
    """A row with its JSON columns parsed."""
    for name in JSON_COLUMNS:
        if row.get(name) is not None:
            row[name] = orjson.loads(row[name])
    return row
