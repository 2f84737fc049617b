"""What can go wrong with a database, as the bot tells it apart: the refusals a write
meets (a unique rule, a lost COMMIT answer), and the expected faults a member is told
about in words (busy; full or read-only) rather than as a failure."""

from __future__ import annotations

import sqlite3

import asyncpg


class DatabaseError(Exception):
    """The database cannot be used as it is: the message says why, in one line."""


class CommitUnknown(Exception):
    """The connection was lost while PostgreSQL committed: the write may or may not
    have been saved (look it up on another connection)."""


class Conflict(Exception):
    """A write broke a unique rule of the schema; the message names the rule (its index
    or its columns)."""


BUSY_WORDS = ("database is locked", "database table is locked", "busy")
UNWRITABLE_WORDS = ("readonly", "read-only", "disk is full", "disk full", "no space left")
BUSY_ERRORS = (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError)
UNWRITABLE_ERRORS = (
    asyncpg.DiskFullError,
    asyncpg.ReadOnlySQLTransactionError,
    asyncpg.InsufficientResourcesError,
)


CONNECTION_LOST = (OSError, TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)
"""What a dropped connection to PostgreSQL raises."""


def fault_kind(exc: BaseException) -> str | None:
    """What an expected database fault means for a member: ``busy`` (another writer
    holds the database: try again shortly), ``unwritable`` (full or read-only: the
    admins must act), or None for anything else."""
    if isinstance(exc, BUSY_ERRORS):
        return "busy"
    if isinstance(exc, UNWRITABLE_ERRORS):
        return "unwritable"
    if isinstance(exc, sqlite3.OperationalError):
        text = str(exc).lower()
        if any(words in text for words in BUSY_WORDS):
            return "busy"
        if any(words in text for words in UNWRITABLE_WORDS):
            return "unwritable"
    return None
