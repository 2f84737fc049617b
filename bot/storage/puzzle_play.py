"""Puzzles served: a puzzle read by id, the next one for a member near their rating,
members' attempts (saved move by move), their puzzle ratings and streaks
(``daily_puzzle``: the puzzle of the day and who solved it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from ..puzzles.glicko import Rating
from ..puzzles.puzzle import Puzzle
from .base import StorageBase
from .databases import Transaction

ATTEMPT_COLUMNS = (
    "user_id, puzzle_id, step, status, first_solved, wrong_move, retries, rating_before, "
    "rating_after, asked_game, asked_theme"
)
PLAYING, SOLVED, FAILED = "playing", "solved", "failed"
THEMES_UPTO = "puzzle_themes_upto"
"""The ``bot_meta`` key of the last puzzle id ``puzzle_themes`` was filled from."""


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    """A puzzle as stored: its id, the puzzle, its rating and its attempts."""

    id: int
    puzzle: Puzzle
    rating: Rating
    attempts: int = 0
    solved: int = 0


@dataclass(frozen=True, slots=True)
class Attempt:
    """A member's attempt at a puzzle: ``step`` moves of the line played so far.
    ``first_solved`` is how the first attempt ended (None while it goes on)."""

    user_id: int
    puzzle_id: int
    step: int = 0
    status: str = PLAYING
    first_solved: bool | None = None
    wrong_move: int | None = None
    retries: int = 0
    rating_before: float | None = None
    rating_after: float | None = None
    asked_game: str | None = None
    asked_theme: str | None = None
    """What the member asked for when it was served: Next serves alike."""

    @property
    def rated(self) -> bool:
        return self.first_solved is not None


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A member's puzzle rating (one for all games), attempts and streaks."""

    rating: Rating = field(default_factory=Rating)
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass(frozen=True, slots=True)
class AttemptEnd:
    """How an attempt ends: ``rated`` carries both new ratings on a first attempt."""

    status: str
    wrong_move: int | None = None
    member: Rating | None = None
    puzzle: Rating | None = None


class AttemptMoved(Exception):
    """The attempt was saved past the step a save expected (another click got there)."""


class PuzzlePlayData(StorageBase):
    """Statements on ``puzzle_attempts``, ``puzzle_ratings`` and ``puzzle_themes``."""

    async def stored_puzzle(self, puzzle_id: int) -> StoredPuzzle | None:
        row = await self.db.fetch_one("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        return _stored(row) if row else None

    async def next_puzzle_id(
        self, user_id: int, rating: float, game: str | None = None, theme: str | None = None
    ) -> int | None:
        """The puzzle nearest ``rating`` (of ``game``, with ``theme``) the member never
        attempted: the nearest above and below, each found along a rating index."""
        if theme:
            await self.index_themes()
        source, number, where, args, order = _search(game, theme)
        unseen = (
            "NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = ? "
            f"AND a.puzzle_id = {source}.{number})"
        )
        found = []
        for side, way in ((">=", "ASC"), ("<", "DESC")):
            row = await self.db.fetch_one(
                f"SELECT {number} AS id, rating FROM {source} WHERE {where} rating {side} ? "
                f"AND {unseen} ORDER BY {', '.join(f'{c} {way}' for c in order)} LIMIT 1",
                (*args, rating, user_id),
            )
            if row:
                found.append((abs(row["rating"] - rating), row["id"]))
        return min(found)[1] if found else None

    async def has_puzzles(self, game: str | None = None, theme: str | None = None) -> bool:
        if theme:
            await self.index_themes()
        source, _, where, args, _ = _search(game, theme)
        row = await self.db.fetch_one(
            f"SELECT 1 AS found FROM {source} WHERE {where} 1 = 1 LIMIT 1", args
        )
        return row is not None

    async def index_themes(self) -> None:
        """Add the puzzles stored since the last call to ``puzzle_themes``."""
        meta = await self.db.fetch_one("SELECT value FROM bot_meta WHERE key = ?", (THEMES_UPTO,))
        done = int(meta["value"]) if meta else 0
        row = await self.db.fetch_one("SELECT MAX(id) AS last FROM puzzles")
        last = row["last"] if row and row["last"] is not None else 0
        if last <= done:
            return
        rows = await self.db.fetch_all(
            "SELECT id, game, themes, rating FROM puzzles WHERE id > ? AND id <= ?", (done, last)
        )
        themed = [
            (row["id"], theme, row["game"], row["rating"])
            for row in rows
            for theme in set(row["themes"].split())
        ]

        async def work(tx: Transaction) -> None:
            for chunk in range(0, len(themed), 1000):
                await tx.execute_many(
                    "INSERT INTO puzzle_themes (puzzle_id, theme, game, rating) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (puzzle_id, theme) DO NOTHING",
                    themed[chunk : chunk + 1000],
                )
            await tx.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                "SET value = excluded.value",
                (THEMES_UPTO, str(last)),
            )

        await self.db.write(work)

    async def attempt(self, user_id: int, puzzle_id: int) -> Attempt | None:
        row = await self.db.fetch_one(
            f"SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?",
            (user_id, puzzle_id),
        )
        return _attempt(row) if row else None

    async def start_attempt(
        self, user_id: int, puzzle_id: int, game: str | None = None, theme: str | None = None
    ) -> None:
        """Begin the member's attempt (kept as it is if begun)."""
        now = self.now()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO puzzle_attempts (user_id, puzzle_id, asked_game, asked_theme, "
                "started_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, puzzle_id) DO NOTHING",
                (user_id, puzzle_id, game, theme, now),
            )

        await self.db.write(work)

    async def retry_attempt(self, attempt: Attempt) -> None:
        """Play a finished attempt again from its start (the ratings stay)."""

        async def work(tx: Transaction) -> int:
            return await tx.execute(
                "UPDATE puzzle_attempts SET step = 0, status = ?, wrong_move = NULL, "
                "retries = retries + 1 WHERE user_id = ? AND puzzle_id = ? AND status != ?",
                (PLAYING, attempt.user_id, attempt.puzzle_id, PLAYING),
            )

        await self.db.write(work)

    async def save_step(self, attempt: Attempt, step: int) -> None:
        """The line played on to ``step`` (right moves), if still where it was."""

        async def work(tx: Transaction) -> int:
            return await tx.execute(
                "UPDATE puzzle_attempts SET step = ? WHERE user_id = ? AND puzzle_id = ? "
                "AND step = ? AND status = ?",
                (step, attempt.user_id, attempt.puzzle_id, attempt.step, PLAYING),
            )

        if not await self.db.write(work):
            raise AttemptMoved(attempt.user_id)

    async def finish_attempt(self, attempt: Attempt, step: int, finish: AttemptEnd) -> None:
        """End the attempt at ``step``, solved or failed; on the first attempt the
        member's and the puzzle's new ratings, the counts and the streak, together."""
        now = self.now()

        async def work(tx: Transaction) -> None:
            if not await tx.execute(
                "UPDATE puzzle_attempts SET step = ?, status = ?, wrong_move = ?, "
                "finished_at = ? WHERE user_id = ? AND puzzle_id = ? AND step = ? "
                "AND status = ?",
                (
                    step,
                    finish.status,
                    finish.wrong_move,
                    now,
                    attempt.user_id,
                    attempt.puzzle_id,
                    attempt.step,
                    PLAYING,
                ),
            ):
                raise AttemptMoved(attempt.user_id)
            if finish.member is not None and finish.puzzle is not None and not attempt.rated:
                await _rate(tx, attempt, finish)

        await self.db.write(work)

    async def puzzle_record(self, user_id: int) -> PuzzleRecord:
        row = await self.db.fetch_one("SELECT * FROM puzzle_ratings WHERE user_id = ?", (user_id,))
        if row is None:
            return PuzzleRecord()
        rating = Rating(row["rating"], row["deviation"], row["volatility"])
        return PuzzleRecord(
            rating, row["attempts"], row["solved"], row["streak"], row["best_streak"]
        )

    async def puzzle_trail(self, user_id: int, attempts: int = 10) -> list[float]:
        """The member's rating after each of their last rated attempts, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT rating_before, rating_after FROM puzzle_attempts WHERE user_id = ? "
            "AND rating_after IS NOT NULL ORDER BY finished_at DESC, puzzle_id DESC LIMIT ?",
            (user_id, attempts),
        )
        if not rows:
            return []
        return [rows[-1]["rating_before"], *(row["rating_after"] for row in reversed(rows))]


async def _rate(tx: Transaction, attempt: Attempt, finish: AttemptEnd) -> None:
    """The first attempt's result: both ratings, the counts and the streak."""
    member, puzzle = finish.member, finish.puzzle
    assert member is not None and puzzle is not None
    solved = int(finish.status == SOLVED)
    before = await tx.fetch_one(
        "SELECT rating FROM puzzle_ratings WHERE user_id = ?", (attempt.user_id,)
    )
    await tx.execute(
        "UPDATE puzzle_attempts SET first_solved = ?, rating_before = ?, rating_after = ? "
        "WHERE user_id = ? AND puzzle_id = ?",
        (
            solved,
            before["rating"] if before else 1500.0,
            member.rating,
            attempt.user_id,
            attempt.puzzle_id,
        ),
    )
    await tx.execute(
        "INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, attempts, solved, "
        "streak, best_streak) VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE "
        "SET rating = excluded.rating, deviation = excluded.deviation, "
        "volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1, "
        "solved = puzzle_ratings.solved + excluded.solved, "
        "streak = CASE WHEN excluded.solved = 1 THEN puzzle_ratings.streak + 1 ELSE 0 END, "
        "best_streak = CASE WHEN excluded.solved = 1 AND puzzle_ratings.streak + 1 > "
        "puzzle_ratings.best_streak THEN puzzle_ratings.streak + 1 "
        "ELSE puzzle_ratings.best_streak END",
        (
            attempt.user_id,
            member.rating,
            member.deviation,
            member.volatility,
            solved,
            solved,
            solved,
        ),
    )
    await tx.execute(
        "UPDATE puzzle_themes SET rating = ? WHERE puzzle_id = ?",
        (puzzle.rating, attempt.puzzle_id),
    )
    await tx.execute(
        "UPDATE puzzles SET rating = ?, deviation = ?, volatility = ?, attempts = attempts + 1, "
        "solved = solved + ? WHERE id = ?",
        (puzzle.rating, puzzle.deviation, puzzle.volatility, solved, attempt.puzzle_id),
    )


def _search(
    game: str | None, theme: str | None
) -> tuple[str, str, str, tuple[Any, ...], tuple[str, ...]]:
    """Where ``game``'s puzzles of ``theme`` are found along their rating: the table,
    its puzzle id column, the start of a WHERE clause (ending in AND), its arguments,
    and the index's order (``puzzle_themes`` for a theme, else ``puzzles``)."""
    where: list[str] = []
    args: list[Any] = []
    order: list[str] = []
    if theme:
        where.append("theme = ?")
        args.append(theme)
        order.append("theme")
    if game:
        where.append("game = ?")
        args.append(game)
        order.append("game")
    start = "".join(f"{part} AND " for part in where)
    source, number = ("puzzle_themes", "puzzle_id") if theme else ("puzzles", "id")
    return source, number, start, tuple(args), (*order, "rating")


def _stored(row: dict[str, Any]) -> StoredPuzzle:
    puzzle = Puzzle(
        game=row["game"],
        seat=row["seat"],
        state=orjson.loads(row["state"]),
        line=tuple(orjson.loads(row["line"])),
        loss=row["loss"],
        exact=bool(row["exact"]),
        themes=tuple(row["themes"].split()),
        reason=row["reason"],
        source=row["source"],
        key=row["key"],
    )
    rating = Rating(row["rating"], row["deviation"], row["volatility"])
    return StoredPuzzle(row["id"], puzzle, rating, row["attempts"], row["solved"])


def _attempt(row: dict[str, Any]) -> Attempt:
    first = row["first_solved"]
    return Attempt(
        user_id=row["user_id"],
        puzzle_id=row["puzzle_id"],
        step=row["step"],
        status=row["status"],
        first_solved=None if first is None else bool(first),
        wrong_move=row["wrong_move"],
        retries=row["retries"],
        rating_before=row["rating_before"],
        rating_after=row["rating_after"],
        asked_game=row["asked_game"],
        asked_theme=row["asked_theme"],
    )
