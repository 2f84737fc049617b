"""Mined puzzles: stored once each (a position seen twice is one puzzle, by its key)."""

from __future__ import annotations

from collections.abc import Iterable

import orjson

from ..puzzles.puzzle import Puzzle
from .base import StorageBase
from .databases import Transaction

PUZZLE_COLUMNS = "key, game, seat, state, line, loss, exact, themes, reason, source, created_at"


class PuzzleData(StorageBase):
    async def add_puzzles(self, puzzles: Iterable[Puzzle]) -> int:
        """Store the puzzles whose position is not stored yet; how many were new."""
        now = self.clock().timestamp()
        rows = [puzzle_row(puzzle, now) for puzzle in puzzles]
        before = await self.count_puzzles()
        marks = ", ".join("?" for _ in PUZZLE_COLUMNS.split(", "))

        async def work(tx: Transaction) -> None:
            for start in range(0, len(rows), 500):
                await tx.execute_many(
                    f"INSERT INTO puzzles ({PUZZLE_COLUMNS}) VALUES ({marks}) "
                    "ON CONFLICT (key) DO NOTHING",
                    rows[start : start + 500],
                )

        await self.db.write(work)
        return await self.count_puzzles() - before

    async def count_puzzles(self, game: str | None = None) -> int:
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        row = await self.db.fetch_one(f"SELECT COUNT(*) AS n FROM puzzles {where}", args)
        return int(row["n"]) if row else 0

    async def duplicate_puzzles(self) -> int:
        """Positions stored more than once (0: the key is unique)."""
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS n FROM (SELECT key FROM puzzles GROUP BY key "
            "HAVING COUNT(*) > 1) AS twice"
        )
        return int(row["n"]) if row else 0


def puzzle_row(puzzle: Puzzle, now: float) -> tuple:
    """A puzzle as ``PUZZLE_COLUMNS``' values, stored at ``now``."""
    return (
        puzzle.key,
        puzzle.game,
        puzzle.seat,
        orjson.dumps(puzzle.state).decode(),
        orjson.dumps(list(puzzle.line)).decode(),
        puzzle.loss,
        int(puzzle.exact),
        " ".join(puzzle.themes),
        puzzle.reason,
        puzzle.source,
        now,
    )
