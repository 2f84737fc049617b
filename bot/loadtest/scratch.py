"""Where a benchmark keeps its data: a temporary SQLite file by default, a file or
database named by ``--database`` otherwise; on PostgreSQL a scratch schema, dropped
afterwards, so a run starts empty and leaves nothing behind."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from ..storage.databases import database_url, is_postgres, scratch_schema


@contextlib.asynccontextmanager
async def benchmark_database(database: str | None) -> AsyncIterator[str]:
    """The URL a benchmark opens for ``--database`` (None: a temporary SQLite file)."""
    if database and is_postgres(database):
        async with scratch_schema(database) as url:
            yield url
    elif database:
        yield database_url(database)
    else:
        with tempfile.TemporaryDirectory(prefix="escoba-load-") as scratch:
            yield database_url(Path(scratch) / "load.sqlite3")


def described(database: str | None) -> str:
    """How a report names the database (no password)."""
    if not database:
        return "sqlite (temporary file)"
    return "postgresql (scratch schema)" if is_postgres(database) else database_url(database)
