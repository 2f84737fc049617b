"""Closing seasons: each game's final standings kept for good, the close recorded once
per server and season, and when its results were posted."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..ratings import Rating
from ..seasons import RANKED_AFTER, bounds, is_season
from .base import StorageBase
from .databases import Transaction


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a member ended a season in a game (ranked members only)."""

    game: str
    season: str
    user_id: int
    place: int
    rating: int
    won: int
    played: int


class SeasonData(StorageBase):
    """Season closes, final standings and members' finishes."""

    async def seasons_due(self, now: datetime) -> list[tuple[int, str]]:
        """(server, season) pairs with matches, over by ``now`` and not closed yet."""
        rows = await self.db.fetch_all(
            "SELECT DISTINCT r.guild_id, r.season FROM season_results r "
            "WHERE NOT EXISTS (SELECT 1 FROM season_closes c "
            "WHERE c.guild_id = r.guild_id AND c.season = r.season)"
        )
        due = [
            (row["guild_id"], row["season"])
            for row in rows
            if is_season(row["season"]) and bounds(row["season"])[1] <= now
        ]
        return sorted(due)

    async def close_season(self, guild_id: int, season: str) -> bool:
        """Record the season's final standings, once: False when it was closed already
        (by this process before a restart, or another one)."""
        closed_at = self.now()
        rows = await self.db.fetch_all(
            "SELECT game, user_id, won, played, mu, sigma FROM season_results "
            "WHERE guild_id = ? AND season = ? AND played >= ? "
            "ORDER BY game, mu - 3 * sigma DESC, won DESC, user_id",
            (guild_id, season, RANKED_AFTER),
        )  # no match is added to a season once it is over: read before the write

        async def work(tx: Transaction) -> bool:
            new = await tx.execute(
                "INSERT INTO season_closes (guild_id, season, closed_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, season) DO NOTHING",
                (guild_id, season, closed_at),
            )
            if new and rows:
                await tx.execute_many(
                    "INSERT INTO season_standings (guild_id, game, season, user_id, place, "
                    "rating, won, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    standing_rows(guild_id, season, rows),
                )
            return bool(new)

        return await self.db.write(work)

    async def standings(self, guild_id: int, season: str, game: str) -> list[Finish]:
        """A closed season's final standings in a game, first place first."""
        rows = await self.db.fetch_all(
            "SELECT game, season, user_id, place, rating, won, played FROM season_standings "
            "WHERE guild_id = ? AND season = ? AND game = ? ORDER BY place",
            (guild_id, season, game),
        )
        return [Finish(**row) for row in rows]

    async def finishes(self, guild_id: int, user_id: int) -> list[Finish]:
        """A member's finishes in every closed season, newest season first."""
        rows = await self.db.fetch_all(
            "SELECT game, season, user_id, place, rating, won, played FROM season_standings "
            "WHERE guild_id = ? AND user_id = ? ORDER BY season DESC, game",
            (guild_id, user_id),
        )
        return [Finish(**row) for row in rows]

    async def closes_to_post(self) -> list[tuple[int, str]]:
        """Closed seasons whose results were not posted yet (oldest first)."""
        rows = await self.db.fetch_all(
            "SELECT guild_id, season FROM season_closes WHERE posted_at IS NULL "
            "ORDER BY closed_at, guild_id"
        )
        return [(row["guild_id"], row["season"]) for row in rows]

    async def mark_posted(self, guild_id: int, season: str) -> None:
        posted_at = self.now()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "UPDATE season_closes SET posted_at = ? WHERE guild_id = ? AND season = ?",
                (posted_at, guild_id, season),
            )

        await self.db.write(work)


def standing_rows(guild_id: int, season: str, rows: list[dict]) -> list[tuple]:
    """Each game's ranked members (``RANKED_AFTER`` matches or more), placed by season
    rating (``rows`` sorted by game, then rating)."""
    places: dict[str, int] = {}
    standings = []
    for row in rows:
        place = places[row["game"]] = places.get(row["game"], 0) + 1
        shown = Rating(row["mu"], row["sigma"]).shown
        standings.append(
            (guild_id, row["game"], season, row["user_id"], place, shown, row["won"], row["played"])
        )
    return standings
