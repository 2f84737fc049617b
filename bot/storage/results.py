"""Members' results: leaderboard lines, ratings and their changes, match by match."""

from __future__ import annotations

from ..ratings import STARTING_RATING, Rating
from .base import StorageBase
from .databases import Transaction
from .records import LEADERBOARD_ORDER, MatchResult, PlayerRecord, RatingsMoved

RECORD_COLUMNS = (
    "game, user_id, played, won, points, escobas, hands, with_bots, with_hints, mu, sigma"
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
        rated = await tx.execute(
            "INSERT INTO player_results (guild_id, game, user_id, played, won, points, "
            "escobas, hands, with_bots, with_hints, mu, sigma) "
            "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
            "played = player_results.played + 1, won = player_results.won + excluded.won, "
            "points = player_results.points + excluded.points, "
            "escobas = player_results.escobas + excluded.escobas, "
            "hands = player_results.hands + excluded.hands, "
            "with_bots = player_results.with_bots + excluded.with_bots, "
            "with_hints = player_results.with_hints + excluded.with_hints, "
            "mu = excluded.mu, sigma = excluded.sigma "
            "WHERE player_results.mu = ? AND player_results.sigma = ?",
            (
                guild_id,
                game,
                result.user_id,
                int(result.won),
                result.points,
                result.escobas,
                result.hands,
                int(result.with_bots),
                int(result.with_hints),
                after.mu,
                after.sigma,
                before.mu,
                before.sigma,
            ),
        )
        if not rated:
            raise RatingsMoved(result.user_id)
        if result.season and not result.with_hints:
            await _add_season_result(tx, guild_id, game, result)
        if result.on_global_board:
            await _add_global_result(tx, game, result)
        await tx.execute(
            "INSERT INTO rating_changes (table_id, guild_id, game, user_id, mu_before, "
            "sigma_before, mu_after, sigma_after, rated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                guild_id,
                game,
                result.user_id,
                before.mu,
                before.sigma,
                after.mu,
                after.sigma,
                now,
            ),
        )


async def _add_season_result(
    tx: Transaction, guild_id: int, game: str, result: MatchResult
) -> None:
    """The match on the member's line of its season, rated from the season's rating it
    was worked out from (else ``RatingsMoved``). Practice matches have no season line."""
    before, after = result.season_before, result.season_after
    rated = await tx.execute(
        "INSERT INTO season_results (guild_id, game, season, user_id, played, won, points, "
        "escobas, hands, with_bots, with_hints, mu, sigma) "
        "VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, 0, ?, ?) "
        "ON CONFLICT (guild_id, game, season, user_id) DO UPDATE SET "
        "played = season_results.played + 1, won = season_results.won + excluded.won, "
        "points = season_results.points + excluded.points, "
        "escobas = season_results.escobas + excluded.escobas, "
        "hands = season_results.hands + excluded.hands, "
        "with_bots = season_results.with_bots + excluded.with_bots, "
        "mu = excluded.mu, sigma = excluded.sigma "
        "WHERE season_results.mu = ? AND season_results.sigma = ?",
        (
            guild_id,
            game,
            result.season,
            result.user_id,
            int(result.won),
            result.points,
            result.escobas,
            result.hands,
            int(result.with_bots),
            after.mu,
            after.sigma,
            before.mu,
            before.sigma,
        ),
    )
    if not rated:
        raise RatingsMoved(result.user_id)


async def _add_global_result(tx: Transaction, game: str, result: MatchResult) -> None:
    """The match on the member's global line, rated from the global rating it was worked
    out from (else ``RatingsMoved``)."""
    before, after = result.global_before, result.global_after
    rated = await tx.execute(
        "INSERT INTO global_results (game, user_id, played, won, points, escobas, hands, "
        "with_bots, with_hints, mu, sigma) VALUES (?, ?, 1, ?, ?, ?, ?, ?, 0, ?, ?) "
        "ON CONFLICT (game, user_id) DO UPDATE SET "
        "played = global_results.played + 1, won = global_results.won + excluded.won, "
        "points = global_results.points + excluded.points, "
        "escobas = global_results.escobas + excluded.escobas, "
        "hands = global_results.hands + excluded.hands, "
        "with_bots = global_results.with_bots + excluded.with_bots, "
        "mu = excluded.mu, sigma = excluded.sigma "
        "WHERE global_results.mu = ? AND global_results.sigma = ?",
        (
            game,
            result.user_id,
            int(result.won),
            result.points,
            result.escobas,
            result.hands,
            int(result.with_bots),
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
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id, mu, sigma FROM player_results "
            f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        found = {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}
        return {user_id: found.get(user_id, STARTING_RATING) for user_id in user_ids}

    async def season_ratings(
        self, guild_id: int, game: str, season: str, user_ids: list[int]
    ) -> dict[int, Rating]:
        """The members' ratings in ``season``; the starting one before their first match."""
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id, mu, sigma FROM season_results WHERE guild_id = ? AND game = ? "
            f"AND season = ? AND user_id IN ({marks})",
            (guild_id, game, season, *user_ids),
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

    async def global_ratings(self, game: str, user_ids: list[int]) -> dict[int, Rating]:
        """The members' global ratings; the starting one before their first match."""
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id, mu, sigma FROM global_results "
            f"WHERE game = ? AND user_id IN ({marks})",
            (game, *user_ids),
        )
        found = {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}
        return {user_id: found.get(user_id, STARTING_RATING) for user_id in user_ids}

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
        self, guild_id: int, user_id: int, game: str, *, matches: int
    ) -> list[Rating]:
        """A member's rating before their last ``matches`` rated matches and after each,
        oldest first (empty when never rated)."""
        rows = await self.db.fetch_all(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
            "WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY table_id DESC LIMIT ?",
            (guild_id, user_id, game, matches),
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
