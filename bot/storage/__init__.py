"""Storage: the two databases, their migrations, and every statement the bot runs.

- ``databases``: SQLite or PostgreSQL behind one small interface, and migrations.
- ``records``: shards, server settings, members' results, and the refusals a write ends in.
- ``tables``: table rows, the move log, what Discord shows of each table.
- ``results``: leaderboard lines, ratings and their changes.
- ``seasons``: closing a season: final standings kept, the close recorded once.
- ``daily``: members' daily hands, their ranks and streaks.
- ``pool``: the quick-play pool: who waits, each wave's pairings, blocks, strikes.
- ``deadlines``: slow tables' deadlines, the reminders sent, each shard's last sweep.
- ``server``: server settings, bot metadata, shard claims, copying a database.
- ``store``: ``Storage``, all of them over one database.
"""

from .base import utc_now
from .daily import DailyHand, DailyHandMoved
from .databases import CommitUnknown, Conflict, DatabaseError, scratch_schema
from .records import (
    EVERY_SHARD,
    LEADERBOARD_ORDER,
    TABLE_COLUMNS,
    ClaimLost,
    GuildSettings,
    MatchResult,
    OutOfDate,
    PlayerRecord,
    RatingsMoved,
    RuleBroken,
    Shards,
    shard_of,
)
from .seasons import Finish
from .store import Storage

__all__ = [
    "EVERY_SHARD",
    "LEADERBOARD_ORDER",
    "TABLE_COLUMNS",
    "ClaimLost",
    "CommitUnknown",
    "Conflict",
    "DailyHand",
    "DailyHandMoved",
    "DatabaseError",
    "Finish",
    "GuildSettings",
    "MatchResult",
    "OutOfDate",
    "PlayerRecord",
    "RatingsMoved",
    "RuleBroken",
    "Shards",
    "Storage",
    "scratch_schema",
    "shard_of",
    "utc_now",
]
