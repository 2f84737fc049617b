"""Daily hands: each member's hand of a day's deal, saved move by move, and the ranks
and streaks read from the finished ones."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from .base import StorageBase
from .databases import Transaction

DAILY_COLUMNS = (
    "day, game, user_id, guild_id, name, moves, ply, finished, margin, cards, sweeps, "
    "points, bot_points"
)
BETTER = "(margin > ? OR (margin = ? AND cards > ?) OR (margin = ? AND cards = ? AND sweeps > ?))"
"""A finished hand that ranks above the key (margin, cards, sweeps) given thrice."""


@dataclass(frozen=True, slots=True)
class DailyHand:
    """A member's hand of a day's deal, as saved."""

    day: str
    game: str
    user_id: int
    guild_id: int
    name: str
    moves: tuple[str, ...]
    ply: int
    finished: bool
    margin: int = 0
    cards: int = 0
    sweeps: int = 0
    points: int = 0
    bot_points: int = 0

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.margin, self.cards, self.sweeps)


class DailyHandMoved(Exception):
    """The hand was saved past the ply a save expected (another click got there first)."""


class DailyData(StorageBase):
    """Daily hands, their ranks and members' streaks."""

    async def daily_hand(self, day: str, game: str, user_id: int) -> DailyHand | None:
        row = await self.db.fetch_one(
            f"SELECT {DAILY_COLUMNS} FROM daily_hands WHERE day = ? AND game = ? AND user_id = ?",
            (day, game, user_id),
        )
        return _hand(row) if row else None

    async def start_daily(
        self, day: str, game: str, user_id: int, guild_id: int, name: str
    ) -> None:
        """The member's hand of the day, begun with no move (kept as it is if begun)."""
        started_at = self.now()

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO daily_hands (day, game, user_id, guild_id, name, started_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, game, user_id) DO NOTHING",
                (day, game, user_id, guild_id, name, started_at),
            )

        await self.db.write(work)

    async def save_daily(self, hand: DailyHand, since: int) -> None:
        """Save the hand's moves (and result once finished), if it is still at ply
        ``since``; else ``DailyHandMoved``."""
        finished_at = self.now() if hand.finished else None

        async def work(tx: Transaction) -> int:
            return await tx.execute(
                "UPDATE daily_hands SET moves = ?, ply = ?, finished = ?, margin = ?, "
                "cards = ?, sweeps = ?, points = ?, bot_points = ?, finished_at = ? "
                "WHERE day = ? AND game = ? AND user_id = ? AND ply = ? AND finished = 0",
                (
                    orjson.dumps(list(hand.moves)).decode(),
                    hand.ply,
                    int(hand.finished),
                    hand.margin,
                    hand.cards,
                    hand.sweeps,
                    hand.points,
                    hand.bot_points,
                    finished_at,
                    hand.day,
                    hand.game,
                    hand.user_id,
                    since,
                ),
            )

        if not await self.db.write(work):
            raise DailyHandMoved(hand.user_id)

    async def daily_rank(self, hand: DailyHand, guild_id: int | None = None) -> tuple[int, int]:
        """A finished hand's rank among the day's finished hands of its game (ties
        share a rank), and how many there are: worldwide, or on ``guild_id``."""
        where, params = _finished_on(hand.day, hand.game, guild_id)
        margin, cards, sweeps = hand.key
        better = (margin, margin, cards, margin, cards, sweeps)
        row = await self.db.fetch_one(
            f"SELECT COUNT(*) AS above FROM daily_hands WHERE {where} AND {BETTER}",
            (*params, *better),
        )
        above = row["above"] if row else 0
        return above + 1, await self.daily_count(hand.day, hand.game, guild_id)

    async def daily_count(self, day: str, game: str, guild_id: int | None = None) -> int:
        """The day's finished hands of a game, worldwide or on ``guild_id``."""
        where, params = _finished_on(day, game, guild_id)
        row = await self.db.fetch_one(
            f"SELECT COUNT(*) AS n FROM daily_hands WHERE {where}", params
        )
        return row["n"] if row else 0

    async def daily_top(
        self, day: str, game: str, guild_id: int | None = None, limit: int = 10
    ) -> list[DailyHand]:
        """The day's best finished hands of a game, worldwide or on ``guild_id``."""
        where, params = _finished_on(day, game, guild_id)
        rows = await self.db.fetch_all(
            f"SELECT {DAILY_COLUMNS} FROM daily_hands WHERE {where} "
            "ORDER BY margin DESC, cards DESC, sweeps DESC, finished_at, user_id LIMIT ?",
            (*params, limit),
        )
        return [_hand(row) for row in rows]

    async def daily_days(self, user_id: int, limit: int = 400) -> list[str]:
        """The days the member finished a daily hand (any game), newest first."""
        rows = await self.db.fetch_all(
            "SELECT DISTINCT day FROM daily_hands WHERE user_id = ? AND finished = 1 "
            "ORDER BY day DESC LIMIT ?",
            (user_id, limit),
        )
        return [row["day"] for row in rows]


def _finished_on(day: str, game: str, guild_id: int | None) -> tuple[str, tuple]:
    where = "day = ? AND game = ? AND finished = 1"
    if guild_id is None:
        return where, (day, game)
    return where + " AND guild_id = ?", (day, game, guild_id)


def _hand(row: dict) -> DailyHand:
    return DailyHand(
        day=row["day"],
        game=row["game"],
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        name=row["name"],
        moves=tuple(orjson.loads(row["moves"])),
        ply=row["ply"],
        finished=bool(row["finished"]),
        margin=row["margin"],
        cards=row["cards"],
        sweeps=row["sweeps"],
        points=row["points"],
        bot_points=row["bot_points"],
    )
