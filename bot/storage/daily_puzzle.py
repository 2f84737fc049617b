"""The puzzle of the day: chosen once for everyone (the first choice wins), its answer
sealed by a commitment, and its board (who solved it, here and worldwide)."""

from __future__ import annotations

from .base import StorageBase
from .databases import Transaction


class DailyPuzzleData(StorageBase):
    """Statements on ``daily_puzzles`` and ``daily_puzzle_solves``."""

    async def daily_puzzle(self, day: str) -> tuple[int, str] | None:
        """The day's puzzle and its answer's commitment, once chosen."""
        row = await self.db.fetch_one(
            "SELECT puzzle_id, commitment FROM daily_puzzles WHERE day = ?", (day,)
        )
        return (row["puzzle_id"], row["commitment"]) if row else None

    async def daily_candidate(self, pick: int, deviation: float) -> int | None:
        """A puzzle never chosen for a day, picked by the number ``pick`` among the
        well-rated ones (deviation at most ``deviation``), or among all when none is."""
        fresh = "id NOT IN (SELECT puzzle_id FROM daily_puzzles)"
        for where in (f"{fresh} AND deviation <= ?", fresh):
            args = (deviation,) if "?" in where else ()
            row = await self.db.fetch_one(f"SELECT COUNT(*) AS n FROM puzzles WHERE {where}", args)
            if row and row["n"]:
                found = await self.db.fetch_one(
                    f"SELECT id FROM puzzles WHERE {where} ORDER BY id LIMIT 1 OFFSET ?",
                    (*args, pick % row["n"]),
                )
                return found["id"] if found else None
        return None

    async def choose_daily(self, day: str, puzzle_id: int, commitment: str) -> None:
        """Make ``puzzle_id`` the puzzle of ``day`` unless one was chosen (the first wins)."""
        now = self.now()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO daily_puzzles (day, puzzle_id, commitment, chosen_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (day) DO NOTHING",
                (day, puzzle_id, commitment, now),
            )

        await self.db.write(work)

    async def record_daily(
        self, day: str, user_id: int, guild_id: int, name: str, solved: bool
    ) -> None:
        """The member's try at the day's puzzle, on its board (the first one counts)."""
        now = self.now()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO daily_puzzle_solves (day, user_id, guild_id, name, solved, "
                "finished_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO NOTHING",
                (day, user_id, guild_id, name, int(solved), now),
            )

        await self.db.write(work)

    async def daily_solvers(self, day: str, guild_id: int, limit: int = 20) -> list[str]:
        """Who solved the day's puzzle on the server, first solvers first."""
        rows = await self.db.fetch_all(
            "SELECT name FROM daily_puzzle_solves WHERE day = ? AND guild_id = ? AND solved = 1 "
            "ORDER BY finished_at, user_id LIMIT ?",
            (day, guild_id, limit),
        )
        return [row["name"] for row in rows]

    async def daily_counts(self, day: str, guild_id: int | None = None) -> tuple[int, int]:
        """(solved, tried) the day's puzzle, on ``guild_id`` or worldwide."""
        where, args = (
            ("day = ?", (day,))
            if guild_id is None
            else ("day = ? AND guild_id = ?", (day, guild_id))
        )
        row = await self.db.fetch_one(
            f"SELECT COALESCE(SUM(solved), 0) AS solved, COUNT(*) AS tried "
            f"FROM daily_puzzle_solves WHERE {where}",
            args,
        )
        return (int(row["solved"]), int(row["tried"])) if row else (0, 0)
