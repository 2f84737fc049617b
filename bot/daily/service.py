"""Members' daily hands: begun, played and saved move by move, the bot replying.

No Discord here. Each command locks the member, reads their hand, checks the click,
applies the move and saves it before anything is shown; the bot's replies follow,
saved in their turn. A process killed between the two leaves the member's move saved
and the bot to move: the next look at the hand lets the bot reply then, the same
reply (its seed is the day and the move's number), so nothing is lost or changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol

from ..games import Game, Observation, format_move
from ..games.replay import ReplayError
from ..storage import DailyHand, DailyHandMoved, Storage
from ..tables import Seat, Table, TableError
from ..tables import play as rules
from .deal import (
    BOT,
    MEMBER,
    Position,
    advance,
    daily_game,
    day_of,
    deal_seed,
    position,
    reply_seed,
)

LINE_SEEDS = "line"
"""What seeds the bot's play in the member's seat, for the day's published line."""
SECRET = "daily_secret"
"""The ``bot_meta`` key of the deployment's secret the days' seeds are drawn under."""


class DailyBot(Protocol):
    async def decide_daily(self, game: Game, view: Observation, seed: str) -> int: ...


@dataclass(frozen=True, slots=True)
class Played:
    """A member's hand after a click: ``choice`` lists a card's captures (nothing
    saved), ``stale`` says the click came from an older panel (nothing played)."""

    hand: DailyHand
    position: Position
    choice: tuple[int, ...] = ()
    card: int | None = None
    stale: bool = False


class DailyService:
    """Daily hands for one bot: one lock per member."""

    def __init__(self, storage: Storage, bots: DailyBot, clock: Callable[[], datetime]) -> None:
        self.storage, self.bots, self.clock = storage, bots, clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._lines: dict[tuple[str, str], Position] = {}
        self._secret: str | None = None

    def today(self) -> str:
        return day_of(self.clock())

    async def secret(self) -> str:
        """The deployment's secret: made at the first start, kept in the database (never
        in the code), the same for every process on that database."""
        if self._secret is None:
            self._secret = await self.storage.meta_once(SECRET, secrets.token_hex(32))
        return self._secret

    async def seed(self, day: str, game: str) -> str:
        """The seed of ``game``'s deal on ``day``: secret until the day is over."""
        return deal_seed(await self.secret(), day, game)

    async def open(self, game: str, user_id: int, guild_id: int, name: str) -> Played:
        """Today's hand of ``game`` for the member: begun now, or where they left it."""
        day = self.today()
        async with self._locked(user_id):
            if await self.storage.daily_hand(day, game, user_id) is None:
                await self.storage.start_daily(day, game, user_id, guild_id, name)
            hand, at = await self._load(day, game, user_id)
        return Played(hand, at)

    async def look(self, day: str, game: str, user_id: int) -> Played:
        """The member's hand as it stands (a panel's Back, a stale panel)."""
        async with self._locked(user_id):
            hand, at = await self._load(day, game, user_id)
        return Played(hand, at)

    async def play_card(self, day: str, game: str, user_id: int, ply: int, card: int) -> Played:
        """Play ``card``: at once when it can take one way only, else its captures are
        offered (nothing saved)."""
        async with self._locked(user_id):
            hand, at = await self._load(day, game, user_id)
            if at.finished or ply != at.ply:
                return Played(hand, at, stale=not at.finished)
            self._check_day(day)
            moves = rules.card_moves(as_table(hand, at), MEMBER, card)
            if len(moves) > 1:
                return Played(hand, at, choice=tuple(moves), card=card)
            hand, at = await self._member_moves(hand, at, moves[0])
        return Played(hand, at)

    async def choose(self, day: str, game: str, user_id: int, ply: int, move: int) -> Played:
        """Play a move picked in the panel (a capture, a declaration)."""
        async with self._locked(user_id):
            hand, at = await self._load(day, game, user_id)
            if at.finished or ply != at.ply:
                return Played(hand, at, stale=not at.finished)
            self._check_day(day)
            rules.check_choice(as_table(hand, at), move)
            hand, at = await self._member_moves(hand, at, move)
        return Played(hand, at)

    async def line(self, day: str, game: str) -> Position:
        """The day's deal played by the hard bot in both seats (the replies members met;
        in the member's seat, seeded apart): the line shown once the day is over."""
        if (day, game) not in self._lines:
            at = position(await self.seed(day, game), day, game, ())
            while not at.finished:
                seat = at.state.turn
                seed = reply_seed(at.seed, at.ply)
                seed = seed if seat == BOT else f"{seed}/{LINE_SEEDS}"
                move = await self.bots.decide_daily(daily_game(game), at.state.observe(seat), seed)
                at = advance(at, move)
            self._lines[(day, game)] = at
        return self._lines[(day, game)]

    def _check_day(self, day: str) -> None:
        """A hand takes moves on its own day only: unfinished then, it counts nowhere."""
        if day != self.today():
            raise TableError("daily.day_over", day=day)

    # -- under the member's lock ----------

    @contextlib.asynccontextmanager
    async def _locked(self, user_id: int) -> AsyncIterator[None]:
        async with self._locks.setdefault(user_id, asyncio.Lock()):
            yield

    async def _load(self, day: str, game: str, user_id: int) -> tuple[DailyHand, Position]:
        """The member's saved hand and its position, the bot's replies made if due."""
        hand = await self.storage.daily_hand(day, game, user_id)
        if hand is None:
            raise TableError("daily.not_begun")
        try:
            at = position(await self.seed(day, game), day, game, hand.moves)
        except ReplayError:
            raise TableError("daily.broken") from None
        if day != self.today():
            return hand, at  # over with its day: the bot replies no more
        return await self._bot_replies(hand, at)

    async def _member_moves(
        self, hand: DailyHand, at: Position, move: int
    ) -> tuple[DailyHand, Position]:
        hand, at = await self._save(hand, advance(at, move))
        return await self._bot_replies(hand, at)

    async def _bot_replies(self, hand: DailyHand, at: Position) -> tuple[DailyHand, Position]:
        """The bot's moves until the member is to move or the hand is over, then saved."""
        before = at.ply
        while at.to_move == BOT:
            seed = reply_seed(at.seed, at.ply)
            view = at.state.observe(BOT)
            at = advance(at, await self.bots.decide_daily(daily_game(hand.game), view, seed))
        if at.ply == before:
            return hand, at
        return await self._save(hand, at)

    async def _save(self, hand: DailyHand, at: Position) -> tuple[DailyHand, Position]:
        moves = tuple(format_move(step.move) for step in at.steps[1:])
        saved = replace(hand, moves=moves, ply=at.ply, finished=at.finished)
        if at.result is not None:
            result = at.result
            saved = replace(
                saved,
                margin=result.margin,
                cards=result.cards,
                sweeps=result.sweeps,
                points=result.points,
                bot_points=result.bot_points,
            )
        try:
            await self.storage.save_daily(saved, since=hand.ply)
        except DailyHandMoved:
            raise TableError("panel.stale_daily") from None
        return saved, at


def as_table(hand: DailyHand, at: Position, bot_name: str = "") -> Table:
    """The hand as a table the rules and screens read: the member in seat 0, the hard
    bot in seat 1; its version is the number of moves made."""
    game = daily_game(hand.game)
    options = game.options.model_dump(mode="json")
    options.pop("game", None)
    seats = [
        Seat(user_id=hand.user_id, name=hand.name),
        Seat(user_id=-1, name=bot_name, bot="expert"),
    ]
    table = Table(
        id=0,
        guild_id=hand.guild_id,
        channel_id=0,
        host_id=hand.user_id,
        game=hand.game,
        options=options,
        locale="en",
        status="finished" if at.finished else "playing",
        seats=seats,
        state=at.state,
        version=at.ply,
    )
    return table
