"""The quick-play pool: members enter and leave it, waves pair them. No Discord here.

Each game has a live pool and one per slow pace: a pool's key is the game's name, or
``game/pace`` (``tables.pool_key``), and every method here takes that key.

The pool lives in the database (``storage.pool``), so the members of every process
wait in one pool and any process may run a wave: the rows a wave pairs are locked and
taken out in the transaction that records their pairing. Refusals are ``TableError``s,
answered by the error boundary like every other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..ai.levels import Level
from ..games import GAMES, parse_options
from ..ratings import Rating
from ..storage import RuleBroken, Storage
from ..storage.base import stamp
from ..storage.pool import Wave
from ..tables import LIVE, TableError, pool_parts
from ..tables.ladder import level_for
from .bans import banned_until, looking_back
from .matchmaking import pair_rows

OFFER_AFTER = timedelta(seconds=45)
"""How long a member waits before the hard bot is offered."""
QUICK_GAMES = ("scopa", "escoba", "cirulla", "rubamazzo", "scopone")
"""The games of the pool, each at its two-player default (Scopone: 2 v 2)."""


@dataclass(frozen=True, slots=True)
class Joining:
    """A member entering the pool: who, where they asked, how they are shown, and the
    interaction whose answer says they are searching."""

    user_id: int
    rating: int
    name: str | None
    locale: str
    guild_id: int
    token: str


def teams_game(key: str) -> bool:
    """Whether the pool's game is played 2 v 2 at its default (Scopone)."""
    return parse_options(pool_parts(key)[0]).players == 4


class PoolService:
    """The pool of one bot (every process shares its rows)."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime] | None = None,
        *,
        offer_after: timedelta = OFFER_AFTER,
    ) -> None:
        self.storage = storage
        self.clock = clock or storage.clock
        """The pool's time: the storage's (the sandbox's and tests' simulated one)."""
        self.offer_after = offer_after
        """How long a member waits before the hard bot is offered (the sandbox, whose
        clock stands still, offers it at the first wave)."""
        self.by_rating = True
        """Pair by rating, in ranges that widen as members wait (the sandbox's clock
        stands still, so no range would widen there: it pairs any two who wait)."""

    async def enter(self, game: str, joining: Joining, partner: Joining | None = None) -> None:
        """Enter a member (with their ``partner``, for Scopone) in ``game``'s pool.
        Refused when the game has no pool, when either is banned or waiting already."""
        if pool_parts(game)[0] not in QUICK_GAMES or pool_parts(game)[0] not in GAMES:
            raise TableError("pool.no_game")
        if partner is not None and not teams_game(game):
            raise TableError("pool.partner_alone")
        rows = [_row(game, joining, partner.user_id if partner else None)]
        if partner is not None:
            rows.append(_row(game, partner, joining.user_id))
        await self._enter(rows)

    async def invite(self, game: str, joining: Joining, partner_id: int) -> None:
        """Enter a member who asked ``partner_id`` to partner them (Scopone): they wait,
        unpaired, until the partner accepts (``accept``) or declines."""
        if not teams_game(game):
            raise TableError("pool.partner_alone")
        if partner_id == joining.user_id:
            raise TableError("pool.partner_self")
        await self._enter([_row(game, joining, partner_id)])

    async def accept(self, inviter_id: int, joining: Joining) -> str:
        """The invited partner enters beside their inviter; the game. Refused when the
        invitation is gone (the inviter left, or was answered already)."""
        invited = await self.storage.pool_entry(inviter_id)
        if invited is None or invited["partner_id"] != joining.user_id:
            raise TableError("pool.invitation_gone")
        await self._enter([_row(invited["game"], joining, inviter_id)])
        return invited["game"]

    async def _enter(self, rows: list[dict]) -> None:
        """Into the pool, unless one of them is banned (``pool.banned``) or waits
        already (``pool.already``)."""
        for row in rows:
            await self.check_not_banned(row["user_id"])
        now = self._now()
        try:
            await self.storage.enter_pool([{**row, "joined_at": now} for row in rows])
        except RuleBroken:
            raise TableError("pool.already") from None

    async def joining(
        self, game: str, user_id: int, locale: str, guild_id: int = 0, token: str = ""
    ) -> Joining:
        """A member as the pool keeps them: their global rating and chosen name."""
        rating = await self.rating(game, user_id)
        name = await self.storage.global_name(user_id)
        return Joining(user_id, rating.shown, name, locale, guild_id, token)

    async def rating(self, game: str, user_id: int) -> Rating:
        """The member's global rating in the pool's game, which quick play moves."""
        game = pool_parts(game)[0]
        return (await self.storage.global_ratings(game, [user_id]))[user_id]

    async def bot_level(self, game: str, user_id: int) -> Level:
        """The bot level that suits the member (``ai.offer``): by their global rating once
        it is settled, else by their last matches against the levels."""
        return await level_for(self.storage, game, user_id)

    async def rematch_member(self, game: str, user_id: int, locale: str) -> dict:
        """What a rematch's pairing keeps of a member: what the pool keeps of them,
        waiting since now, with no answer to edit."""
        joining = await self.joining(game, user_id, locale)
        return {**_row(game, joining, None), "message_id": 0, "joined_at": self._now()}

    async def check_not_banned(self, user_id: int) -> None:
        """Refuse (``pool.banned``, with the minutes left) a member the pool bans."""
        now = self.clock()
        strikes = await self.storage.strikes_since(user_id, looking_back(now))
        until = banned_until(strikes, now)
        if until is not None:
            minutes = -(-(until - now) // timedelta(minutes=1))
            raise TableError("pool.banned", minutes=minutes)

    async def leave(self, user_id: int) -> bool:
        """Take the member (and a partner who came with them) out of the pool; False
        when they were not waiting (a wave paired them first)."""
        return bool(await self.storage.leave_pool(user_id))

    def _now(self) -> str:
        """The pool's time as its rows date it."""
        return stamp(self.clock())

    async def wave(self, game: str) -> Wave:
        """Pair a pool once: the new pairings, and who is offered the bot now (at a
        live pool: a slow match's member is not waiting for anyone now)."""
        teams, now = teams_game(game), self.clock()
        live = pool_parts(game)[1] == LIVE
        return await self.storage.run_wave(
            game,
            lambda rows, blocks: pair_rows(
                rows, blocks, teams=teams, now=now, by_rating=self.by_rating
            ),
            now - self.offer_after if live else None,
        )

    async def waves(self) -> Wave:
        """A wave of every game's live pool and of every slow pool someone waits in."""
        waiting = {row["game"] for row in await self.storage.pool_entries()}
        done = [await self.wave(key) for key in sorted({*QUICK_GAMES, *waiting})]
        return Wave(
            [pairing for wave in done for pairing in wave.pairings],
            [offer for wave in done for offer in wave.offers],
        )

    async def to_bot(self, user_id: int) -> int | None:
        """The member (and a partner) out of the pool to play the hard bot: the
        pairing's id, None when a wave paired them first."""
        return await self.storage.pool_to_bot(user_id)

    async def strike(self, user_id: int, kind: str) -> None:
        """Note an abandoned match or a seat lost to the clock (``kind``)."""
        await self.storage.add_strike(user_id, kind, self.clock())


def _row(game: str, member: Joining, partner_id: int | None) -> dict:
    return {
        "user_id": member.user_id,
        "game": game,
        "partner_id": partner_id,
        "rating": member.rating,
        "name": member.name,
        "locale": member.locale,
        "guild_id": member.guild_id,
        "token": member.token,
    }
