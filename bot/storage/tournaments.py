"""Tournaments: one row each, its data as JSON, saved whole at a revision."""

from __future__ import annotations

from typing import Any

import orjson

from .base import StorageBase
from .databases import Transaction
from .records import OutOfDate

COLUMNS = "id, guild_id, channel_id, status, data, revision"


class TournamentData(StorageBase):
    """Tournaments' rows."""

    async def create_tournament(self, row: dict[str, Any]) -> int:
        now = self.now()

        async def insert(tx: Transaction) -> int:
            inserted = await tx.fetch_one(
                "INSERT INTO tournaments (guild_id, channel_id, status, data, settled, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id",
                (row["guild_id"], row["channel_id"], row["status"], _json(row["data"]), now, now),
            )
            if inserted is None:
                raise RuntimeError("INSERT … RETURNING id returned no row")
            return inserted["id"]

        return await self.db.write(insert)

    async def save_tournament(self, tournament_id: int, row: dict[str, Any], revision: int) -> None:
        """Save the tournament if it is still at ``revision`` (else ``OutOfDate``)."""
        now = self.now()

        async def update(tx: Transaction) -> int:
            return await tx.execute(
                "UPDATE tournaments SET status = ?, data = ?, settled = ?, revision = ?, "
                "updated_at = ? WHERE id = ? AND revision = ?",
                (
                    row["status"],
                    _json(row["data"]),
                    int(row["settled"]),
                    revision + 1,
                    now,
                    tournament_id,
                    revision,
                ),
            )

        if not await self.db.write(update):
            raise OutOfDate(tournament_id)

    async def tournament_row(self, tournament_id: int) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            f"SELECT {COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _decoded(row) if row else None

    async def live_tournaments(self) -> list[dict[str, Any]]:
        """The tournaments not settled: live, or over with something still to show."""
        rows = await self.db.fetch_all(
            f"SELECT {COLUMNS} FROM tournaments WHERE settled = 0 ORDER BY id"
        )
        return [_decoded(row) for row in rows]

    async def past_tournaments(self, guild_id: int, limit: int = 25) -> list[dict[str, Any]]:
        """The server's tournaments, newest first."""
        rows = await self.db.fetch_all(
            f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_decoded(row) for row in rows]


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _decoded(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "data": orjson.loads(row["data"])}
