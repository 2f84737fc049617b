"""What a day's deal is: pure, no I/O.

A day is a UTC date (``2026-11-26``). Each game has one deal a day, the same for
everyone: dealt from a seed drawn from the day and the game under the deployment's
secret (``deal_seed``: one bot deals every server alike, and nobody computes a day from
the public code), with the game's default rules. The seed's SHA-256 is shown during the
day and the seed itself once the day is over, as for every match (``games.fairness``).
The member sits in seat 0, the hard bot in seat 1; the bot's reply to a move is seeded
by the day's seed and the move's number, so equal play meets equal replies. A daily
hand is the first hand of that match: it ends when the hand is scored, and takes no
move once its day is over (unfinished then, it counts nowhere).

A hand is its moves (``format_move`` texts), so a position is rebuilt by replaying
them (``games.replay``) whatever happened to the process in between.

The score is the hand's point margin, ties broken by the cards taken, then the sweeps
(``Result.key``: higher is better).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache

from ..games import GAMES, Game, State, make_game, parse_options
from ..games.events import HandScored
from ..games.replay import Step, replay

MEMBER, BOT = 0, 1
"""The seats: the member's and the hard bot's."""


@cache
def daily_games() -> tuple[str, ...]:
    """The games with a daily deal: those played two-handed by default."""
    return tuple(game for game in GAMES if parse_options(game).players == 2)


def day_of(now: datetime) -> str:
    return now.astimezone(UTC).date().isoformat()


def previous_day(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def day_ends(day: str) -> datetime:
    """When the next day's deal starts (UTC midnight)."""
    start = date.fromisoformat(day) + timedelta(days=1)
    return datetime(start.year, start.month, start.day, tzinfo=UTC)


def is_day(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


@cache
def daily_game(game: str) -> Game:
    """The rules of a game's daily deal: its defaults."""
    return make_game(game, {})


def deal_seed(secret: str, day: str, game: str) -> str:
    """The day's seed of ``game``: the HMAC-SHA256 of the day and the game under the
    deployment's ``secret``."""
    return hmac.new(secret.encode(), f"daily/{day}/{game}".encode(), hashlib.sha256).hexdigest()


def reply_seed(seed: str, ply: int) -> str:
    """The seed of the bot's decision at move ``ply`` of the deal of ``seed``."""
    return f"{seed}/reply/{ply}"


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished hand scored, from the member's side."""

    points: int
    bot_points: int
    cards: int
    sweeps: int

    @property
    def margin(self) -> int:
        return self.points - self.bot_points

    @property
    def key(self) -> tuple[int, int, int]:
        """What ranks hands: the margin, then cards, then sweeps (higher is better)."""
        return (self.margin, self.cards, self.sweeps)


@dataclass(frozen=True, slots=True)
class Position:
    """A daily hand after its moves: the steps so far, and the result once scored."""

    day: str
    game: str
    seed: str
    steps: tuple[Step, ...]
    result: Result | None

    @property
    def state(self) -> State:
        return self.steps[-1].state

    @property
    def ply(self) -> int:
        """Moves made so far: what a panel's buttons are stamped with."""
        return len(self.steps) - 1

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the hand is over."""
        return None if self.finished else self.state.turn


def position(seed: str, day: str, game: str, moves: Sequence[str]) -> Position:
    """The deal of ``seed`` (``game``'s on ``day``) with ``moves`` played
    (``ReplayError`` if they do not fit)."""
    steps = replay(daily_game(game), seed, moves)
    return Position(day, game, seed, tuple(steps), hand_result(steps))


def advance(position: Position, move: int) -> Position:
    """The position after ``move`` (legal: ``State.apply`` checks it)."""
    state = position.state
    after, events = state.apply(move)
    steps = (*position.steps, Step(after, state.turn, move, tuple(events)))
    return Position(position.day, position.game, position.seed, steps, hand_result(steps[-1:]))


def hand_result(steps: Sequence[Step]) -> Result | None:
    """The first hand's result, once a step scored it."""
    for step in steps:
        for event in step.events:
            if isinstance(event, HandScored):
                totals = event.score.totals
                mine = event.score.stats[MEMBER]
                return Result(
                    totals[MEMBER], totals[BOT], mine.get("cards", 0), mine.get("sweeps", 0)
                )
    return None


def streak(days: Sequence[str], today: str) -> int:
    """Days in a row with a finished daily hand, ending today (or yesterday, when
    today's is still to play); ``days`` newest first."""
    played = set(days)
    day = today if today in played else previous_day(today)
    count = 0
    while day in played:
        count += 1
        day = previous_day(day)
    return count
