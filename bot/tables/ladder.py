"""A member's record against the bot's levels, and the level offered next (issue 50)."""

from __future__ import annotations

from typing import Any

from ..ai.levels import Level
from ..ai.offer import offered_level
from ..storage import Storage
from .model import Table
from .results import against_level, members, winners_of

RECORD = 10
"""The member's last matches against the levels the offer rule reads (two decide)."""


def result_against_level(table: Table, user_id: int) -> tuple[str, bool] | None:
    """The level the member played at ``table`` and whether their side won, or None."""
    seat = table.seat_of(user_id)
    level = next((other.bot for other in table.seats if other.bot), None)
    if seat is None or level is None:
        return None
    return level, table.engine.side_of[seat] in winners_of(table)


def record_of(rows: list[dict[str, Any]], user_id: int) -> list[tuple[str, bool]]:
    """The member's results in ``rows`` (``storage.bot_matches``, newest first), oldest
    first."""
    results = (result_against_level(Table.from_row(row), user_id) for row in reversed(rows))
    return [result for result in results if result is not None]


async def level_for(storage: Storage, game: str, user_id: int) -> Level:
    """The level that suits the member in ``game`` now (``ai.offer``)."""
    rating = (await storage.global_ratings(game, [user_id]))[user_id]
    rows = await storage.bot_matches(user_id, game, limit=RECORD)
    return offered_level(record_of(rows, user_id), rating)


async def note_next_levels(storage: Storage, table: Table) -> None:
    """After a match against a level, the level each member is offered next, kept in
    the match's log for its result ("Next: Level 4")."""
    if not against_level(table):
        return
    seated = members(table)
    ratings = await storage.global_ratings(table.game, seated)
    chosen = {}
    for user_id in seated:
        rows = await storage.bot_matches(user_id, table.game, limit=RECORD)
        record = record_of([row for row in rows if row["id"] != table.id], user_id)
        if (result := result_against_level(table, user_id)) is not None:
            record.append(result)
        chosen[str(user_id)] = offered_level(record, ratings[user_id]).number
    table.log.next_levels = chosen
