"""Members' results: leaderboard lines, ratings and their changes, match by match."""

from __future__ import annotations

from ..ratings import STARTING_RATING, Rating
from .base import StorageBase
from .databases import Transaction
from .records import LEADERBOARD_ORDER, MatchResult, PlayerRecord, RatingsMoved

RECORD_COLUMNS = (
    "game, user_id, played, won, points, escobas, hands, with_bots, with_hints, mu, sigma, "
    "forfeits, forfeit_wins"
)
GLOBAL_TOP = 1000
"""Lines the global board lists, best first."""
_GLOBAL_COLUMNS = ", ".join(f"r.{column.strip()}" for column in RECORD_COLUMNS.split(","))


async def add_results(
    tx: Transaction,
    now: str,
    table_id: int,
    guild_id: int,
    game: str,
    results: list[MatchResult],
) -> None:
    """Add a finished match to its members' lines and rating changes, rating each
    only from the rating its result was worked out from (else ``RatingsMoved``)."""
    for result in results:
        before, after = result.rating_before, result.rating_after
        line = {"guild_id": guild_id, "game": game, "user_id": result.user_id}
        await _add_to_line(tx, "player_results", line, result, before, after)
        if result.season and not result.with_hints:
            line = {**line, "season": result.season}
            seasonal = (result.season_before, result.season_after)
            await _add_to_line(tx, "season_results", line, result, *seasonal)
        if result.on_global_board:
            line = {"game": game, "user_id": result.user_id}
            worldwide = (result.global_before, result.global_after)
            await _add_to_line(tx, "global_results", line, result, *worldwide)
            await _add_change(tx, "global_changes", table_id, now, line, *worldwide)
        line = {"guild_id": guild_id, "game": game, "user_id": result.user_id}
        await _add_change(tx, "rating_changes", table_id, now, line, before, after)
        if result.name:
            await tx.execute(
                "INSERT INTO member_names (guild_id, user_id, name) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                (guild_id, result.user_id, result.name),
            )


async def _add_change(
    tx: Transaction,
    table: str,
    table_id: int,
    now: str,
    line: dict[str, object],
    before: Rating,
    after: Rating,
) -> None:
    """A match's change of one member's rating, server's (``rating_changes``) or
    global (``global_changes``)."""
    names = ", ".join(line)
    marks = ", ".join("?" for _ in line)
    await tx.execute(
        f"INSERT INTO {table} (table_id, {names}, mu_before, sigma_before, mu_after, "
        f"sigma_after, rated_at) VALUES (?, {marks}, ?, ?, ?, ?, ?)",
        (table_id, *line.values(), before.mu, before.sigma, after.mu, after.sigma, now),
    )


SUMMED = (
    "won",
    "points",
    "escobas",
    "hands",
    "with_bots",
    "with_hints",
    "forfeits",
    "forfeit_wins",
)
"""Counters a match adds to a line (``played`` counts the match itself)."""


async def _add_to_line(
    tx: Transaction,
    table: str,
    line: dict[str, object],
    result: MatchResult,
    before: Rating,
    after: Rating,
) -> None:
    """The match on one of the member's lines (all-time, a season's, the global one;
    ``line``: its key columns), rated ``after`` only if the line's rating is still
    ``before`` (else ``RatingsMoved``)."""
    keys = ", ".join(line)
    marks = ", ".join("?" for _ in line)
    summed = ", ".join(f"{column} = {table}.{column} + excluded.{column}" for column in SUMMED)
    rated = await tx.execute(
        f"INSERT INTO {table} ({keys}, played, {', '.join(SUMMED)}, mu, sigma) "
        f"VALUES ({marks}, 1, {', '.join('?' for _ in SUMMED)}, ?, ?) "
        f"ON CONFLICT ({keys}) DO UPDATE SET played = {table}.played + 1, {summed}, "
        f"mu = excluded.mu, sigma = excluded.sigma "
        f"WHERE {table}.mu = ? AND {table}.sigma = ?",
        (
            *line.values(),
            int(result.won),
            result.points,
            result.escobas,
            result.hands,
            int(result.with_bots),
            int(result.with_hints),
            int(result.forfeit and not result.won),
            int(result.forfeit and result.won),
            after.mu,
            after.sigma,
            before.mu,
            before.sigma,
        ),
    )
    if not rated:
        raise RatingsMoved(result.user_id)


class Results(StorageBase):
    """Reading members' results: ratings, leaderboards, stats, rating trails."""

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, Rating]:
        """The members' current ratings; a member never rated has the starting one."""
        line = {"guild_id": guild_id, "game": game}
        return await self._ratings("player_results", line, user_ids)

    async def season_ratings(
        self, guild_id: int, game: str, season: str, user_ids: list[int]
    ) -> dict[int, Rating]:
        """The members' ratings in ``season``; the starting one before their first match."""
        line = {"guild_id": guild_id, "game": game, "season": season}
        return await self._ratings("season_results", line, user_ids)

    async def global_ratings(self, game: str, user_ids: list[int]) -> dict[int, Rating]:
        """The members' global ratings; the starting one before their first match."""
        return await self._ratings("global_results", {"game": game}, user_ids)

    async def _ratings(
        self, table: str, line: dict[str, object], user_ids: list[int]
    ) -> dict[int, Rating]:
        """The ratings on the members' lines of ``table`` whose key starts with ``line``."""
        where = " AND ".join(f"{column} = ?" for column in line)
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id, mu, sigma FROM {table} WHERE {where} AND user_id IN ({marks})",
            (*line.values(), *user_ids),
        )
        found = {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}
        return {user_id: found.get(user_id, STARTING_RATING) for user_id in user_ids}

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        sort: str = "rating",
        limit: int,
        offset: int,
        season: str = "",
        ranked_after: int = 1,
    ) -> tuple[list[PlayerRecord], int]:
        """One page of a game's leaderboard (all-time, or of ``season``) sorted by
        ``LEADERBOARD_ORDER[sort]``, members with fewer than ``ranked_after`` matches
        after the ranked ones; and the row count."""
        where, args = "guild_id = ? AND game = ?", [guild_id, game]
        source = "player_results"
        if season:
            source, where, args = "season_results", where + " AND season = ?", [*args, season]
        rows = await self.db.fetch_all(
            f"SELECT {RECORD_COLUMNS} FROM {source} WHERE {where} "
            f"ORDER BY CASE WHEN played >= ? THEN 0 ELSE 1 END, "
            f"{LEADERBOARD_ORDER[sort]}, user_id LIMIT ? OFFSET ?",
            (*args, ranked_after, limit, offset),
        )
        counted = await self.db.fetch_one(
            f"SELECT COUNT(*) AS count FROM {source} WHERE {where}", args
        )
        return [PlayerRecord(**row) for row in rows], counted["count"] if counted else 0

    async def global_leaderboard(
        self, game: str, *, sort: str = "rating", limit: int, offset: int
    ) -> tuple[list[tuple[PlayerRecord, str | None]], int]:
        """One page of a game's global board, each line with the name its member chose
        to show (None: anonymous), and the row count, up to ``GLOBAL_TOP`` (the board
        lists the top ``GLOBAL_TOP``)."""
        rows = await self.db.fetch_all(
            f"SELECT {_GLOBAL_COLUMNS}, m.global_name FROM global_results r "
            "LEFT JOIN member_settings m ON m.user_id = r.user_id WHERE game = ? "
            f"ORDER BY {LEADERBOARD_ORDER[sort]}, r.user_id LIMIT ? OFFSET ?",
            (game, limit, offset),
        )
        counted = await self.db.fetch_one(  # counting every line would read them all
            "SELECT COUNT(*) AS count FROM (SELECT 1 FROM global_results WHERE game = ? "
            "LIMIT ?) AS top",
            (game, GLOBAL_TOP),
        )
        lines = [
            (
                PlayerRecord(**{k: v for k, v in row.items() if k != "global_name"}),
                row["global_name"],
            )
            for row in rows
        ]
        return lines, counted["count"] if counted else 0

    async def member_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """The names these members last played a recorded match under on this server
        (a member who never did is left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id, name FROM member_names WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *user_ids),
        )
        return {row["user_id"]: row["name"] for row in rows}

    async def seasons_played(self, guild_id: int, game: str) -> list[str]:
        """The seasons of a game with a match on this server, newest first."""
        rows = await self.db.fetch_all(
            "SELECT DISTINCT season FROM season_results WHERE guild_id = ? AND game = ? "
            "ORDER BY season DESC",
            (guild_id, game),
        )
        return [row["season"] for row in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerRecord]:
        rows = await self.db.fetch_all(
            f"SELECT {RECORD_COLUMNS} FROM player_results "
            "WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        return [PlayerRecord(**row) for row in rows]

    async def rating_trail(
        self, guild_id: int | None, user_id: int, game: str, *, matches: int
    ) -> list[Rating]:
        """A member's rating on a server (``guild_id``; None: their global rating)
        before their last ``matches`` rated matches and after each, oldest first (empty
        when never rated)."""
        where, args = "user_id = ? AND game = ?", [user_id, game]
        table = "global_changes"
        if guild_id is not None:
            where, args, table = f"guild_id = ? AND {where}", [guild_id, *args], "rating_changes"
        rows = await self.db.fetch_all(
            f"SELECT mu_before, sigma_before, mu_after, sigma_after FROM {table} "
            f"WHERE {where} ORDER BY table_id DESC LIMIT ?",
            (*args, matches),
        )
        rows.reverse()
        if not rows:
            return []
        first = Rating(rows[0]["mu_before"], rows[0]["sigma_before"])
        return [first, *(Rating(row["mu_after"], row["sigma_after"]) for row in rows)]

    async def match_rating_changes(self, table_id: int) -> dict[int, tuple[Rating, Rating]]:
        """Each member's rating before and after one finished match."""
        rows = await self.db.fetch_all(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after "
            "FROM rating_changes WHERE table_id = ?",
            (table_id,),
        )
        return {
            row["user_id"]: (
                Rating(row["mu_before"], row["sigma_before"]),
                Rating(row["mu_after"], row["sigma_after"]),
            )
            for row in rows
        }
