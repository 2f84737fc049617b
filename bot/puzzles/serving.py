"""The puzzle service: puzzles served to members, played move by move, rated.

No Discord here. Each command locks the member, reads their attempt, checks the
click, judges the move and saves before anything is shown. An attempt is its
``step`` (the answer line's moves played so far) in the database and in the custom
ids of its buttons, so a restart in the middle of a puzzle loses nothing.

- A right move plays the other side's reply (the line's next move) and goes on; the
  last right move solves the puzzle. A wrong one ends the attempt: the best move,
  why (the puzzle's themes and reason) and what the wrong one loses are shown.
- Only the first attempt at a puzzle moves the ratings (``glicko``: the member and
  the puzzle both, as lichess); Retry plays it again for nothing.
- Puzzles are served near the member's rating, never one they attempted before.
- The puzzle of the day is the same everywhere: picked from the well-rated puzzles
  under the deployment's secret, for a day and the next at once ("chosen the day
  before"), its answer sealed by a commitment revealed once the day is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import orjson

from ..daily.deal import day_of, previous_day
from ..games import IllegalMoveError, State, is_claim, move_card
from ..storage import Storage
from ..storage.puzzle_play import (
    FAILED,
    PLAYING,
    SOLVED,
    Attempt,
    AttemptEnd,
    AttemptMoved,
    PuzzleRecord,
    StoredPuzzle,
)
from ..tables import TableError
from .glicko import rate

SECRET = "puzzle_secret"
"""The ``bot_meta`` key of the secret the days' puzzles are picked and sealed under."""
WELL_RATED = 150.0
"""A puzzle whose rating deviation is at most this is well rated: the day's puzzle
comes from those while there are any."""


@dataclass(frozen=True, slots=True)
class Sealed:
    """A day's puzzle and its commitment; ``seal`` once the day is over (else "")."""

    day: str
    puzzle_id: int
    commitment: str
    seal: str = ""
    line: str = ""
    """The answer line as sealed (JSON), once the seal is revealed."""


@dataclass(frozen=True, slots=True)
class Shown:
    """An attempt as the member sees it after a command: the position at its step,
    the moves the click played (the member's and the replies), a card's captures
    waiting for a pick, the rating change the click made (on a first attempt)."""

    stored: StoredPuzzle
    attempt: Attempt
    state: State
    record: PuzzleRecord
    played: tuple[int, ...] = ()
    choice: tuple[int, ...] = ()
    card: int | None = None
    change: tuple[float, float] | None = None
    note: str = ""
    day: str | None = None
    commitment: str = ""
    revealed: Sealed | None = None
    """The day before's puzzle, its seal revealed (on the puzzle of the day)."""

    @property
    def finished(self) -> bool:
        return self.attempt.status != PLAYING


@dataclass(frozen=True, slots=True)
class Board:
    """The day's puzzle's board: who solved it here; (solved, tried) here and worldwide."""

    solvers: list[str]
    here: tuple[int, int]
    world: tuple[int, int]


def position_at(stored: StoredPuzzle, step: int) -> State:
    """The puzzle's position with the line's first ``step`` moves played."""
    state = stored.puzzle.position()
    for move in stored.puzzle.line[:step]:
        state, _ = state.apply(move)
    return state


def card_moves(state: State, card: int) -> list[int]:
    """The moves that play ``card``; refused, with the engine's reason, when none does."""
    if card not in state.hands[state.turn]:
        raise TableError("table.card_not_in_hand")
    moves = [m for m in state.legal_moves() if move_card(m) == card and not is_claim(m)]
    if not moves:
        try:
            state.check(card)
        except IllegalMoveError as exc:
            raise TableError(f"illegal.{exc.code}") from None
        raise TableError("table.not_an_option")
    return moves


class PuzzleService:
    """Puzzles for one bot: one lock per member."""

    def __init__(self, storage: Storage, clock: Callable[[], datetime]) -> None:
        self.storage, self.clock = storage, clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._secret: str | None = None

    def today(self) -> str:
        return day_of(self.clock())

    async def serve(self, user_id: int, game: str | None, theme: str | None) -> Shown | None:
        """A new puzzle near the member's rating (None: none left to serve)."""
        async with self._locked(user_id):
            record = await self.storage.puzzle_record(user_id)
            found = await self.storage.next_puzzle_id(user_id, record.rating.rating, game, theme)
            if found is None:
                return None
            await self.storage.start_attempt(user_id, found, game, theme)
            return await self._shown(user_id, found)

    async def any_puzzles(self, game: str | None, theme: str | None) -> bool:
        """Whether any puzzle of ``game`` with ``theme`` is stored (tried or not)."""
        return await self.storage.has_puzzles(game, theme)

    async def daily(self, user_id: int, guild_id: int, name: str) -> Shown | None:
        """Today's puzzle for the member: begun now, or where they left it."""
        day = self.today()
        sealed = await self.sealed(day)
        if sealed is None:
            return None
        async with self._locked(user_id):
            await self.storage.start_attempt(user_id, sealed.puzzle_id)
            shown = await self._shown(user_id, sealed.puzzle_id)
        if shown.finished:
            await self.on_board(shown, guild_id, name)
        return await self.as_daily(shown, day)

    async def play_card(self, user_id: int, puzzle_id: int, step: int, card: int) -> Shown:
        """Play ``card``: at once when it takes one way only, else its captures offered."""
        async with self._locked(user_id):
            shown = await self._clicked(user_id, puzzle_id, step)
            if shown.note:
                return shown
            moves = card_moves(shown.state, card)
            if len(moves) > 1:
                return replace(shown, choice=tuple(moves), card=card)
            return await self._judge(shown, moves[0])

    async def choose(self, user_id: int, puzzle_id: int, step: int, move: int) -> Shown:
        """Play a move picked among a card's captures."""
        async with self._locked(user_id):
            shown = await self._clicked(user_id, puzzle_id, step)
            if shown.note:
                return shown
            if move not in shown.state.legal_moves():
                raise TableError("table.not_an_option")
            return await self._judge(shown, move)

    async def look(self, user_id: int, puzzle_id: int) -> Shown:
        """The attempt as it stands (Back from a card's captures)."""
        async with self._locked(user_id):
            return await self._shown(user_id, puzzle_id)

    async def retry(self, user_id: int, puzzle_id: int) -> Shown:
        """Play a finished puzzle again from its start: the ratings stay as they are."""
        async with self._locked(user_id):
            attempt = await self._attempt(user_id, puzzle_id)
            await self.storage.retry_attempt(attempt)
            return await self._shown(user_id, puzzle_id)

    async def finished_line(self, user_id: int, puzzle_id: int) -> StoredPuzzle:
        """The puzzle, to replay its answer: once the member's attempt has ended."""
        attempt = await self._attempt(user_id, puzzle_id)
        if attempt.status == PLAYING and not attempt.rated:
            raise TableError("puzzle.line_after")
        return await self._stored(puzzle_id)

    def check_day(self, day: str | None) -> None:
        """A daily puzzle's button works on its own day only."""
        if day is not None and day != self.today():
            raise TableError("puzzle.yesterday", day=day)

    # -- the puzzle of the day ----------

    async def secret(self) -> str:
        if self._secret is None:
            self._secret = await self.storage.meta_once(SECRET, secrets.token_hex(32))
        return self._secret

    async def sealed(self, day: str) -> Sealed | None:
        """The puzzle of ``day`` (and the next day's chosen with it), sealed; the seal
        revealed once ``day`` is over. None while there is no puzzle at all."""
        chosen = await self._choose(day)
        if chosen is None:
            return None
        await self._choose(_next_day(day))
        over = day < self.today()
        seal = self._seal(await self.secret(), day) if over else ""
        return Sealed(day, chosen[0], chosen[1], seal)

    async def _choose(self, day: str) -> tuple[int, str] | None:
        chosen = await self.storage.daily_puzzle(day)
        if chosen is not None:
            return chosen
        secret = await self.secret()
        pick = int(hmac.new(secret.encode(), f"pick/{day}".encode(), "sha256").hexdigest(), 16)
        found = await self.storage.daily_candidate(pick, WELL_RATED)
        if found is None:
            return None
        stored = await self._stored(found)
        sealed = commitment(self._seal(secret, day), stored)
        await self.storage.choose_daily(day, found, sealed)
        return await self.storage.daily_puzzle(day)  # another process may have won

    @staticmethod
    def _seal(secret: str, day: str) -> str:
        return hmac.new(secret.encode(), f"seal/{day}".encode(), "sha256").hexdigest()

    async def on_board(self, shown: Shown, guild_id: int, name: str) -> None:
        """A finished try at today's puzzle, on the day's board (solved: at the first try)."""
        attempt, day = shown.attempt, self.today()
        if shown.day == day and shown.finished:
            solved = attempt.status == SOLVED and attempt.retries == 0
            await self.storage.record_daily(day, attempt.user_id, guild_id, name, solved)

    async def as_daily(self, shown: Shown, day: str) -> Shown:
        """``shown`` as the puzzle of ``day`` (its commitment in the heading)."""
        sealed = await self.sealed(day)
        if sealed is None or sealed.puzzle_id != shown.stored.id:
            raise TableError("puzzle.yesterday", day=day)
        revealed = await self.revealed(previous_day(day))
        return replace(shown, day=day, commitment=sealed.commitment, revealed=revealed)

    async def revealed(self, day: str) -> Sealed | None:
        """A day's puzzle once the day is over: its seal and answer line, which anyone
        can check against the commitment shown that day (None: no puzzle that day)."""
        chosen = await self.storage.daily_puzzle(day)
        if chosen is None or day >= self.today():
            return None
        stored = await self._stored(chosen[0])
        seal = self._seal(await self.secret(), day)
        return Sealed(day, chosen[0], chosen[1], seal, line_json(stored))

    async def board(self, day: str, guild_id: int) -> Board:
        """Who solved ``day``'s puzzle here; (solved, tried) here and worldwide."""
        storage = self.storage
        here = await storage.daily_counts(day, guild_id)
        solvers = await storage.daily_solvers(day, guild_id)
        return Board(solvers, here, await storage.daily_counts(day))

    # -- under the member's lock ----------

    @contextlib.asynccontextmanager
    async def _locked(self, user_id: int) -> AsyncIterator[None]:
        async with self._locks.setdefault(user_id, asyncio.Lock()):
            yield

    async def _stored(self, puzzle_id: int) -> StoredPuzzle:
        stored = await self.storage.stored_puzzle(puzzle_id)
        if stored is None:
            raise TableError("puzzle.gone")
        return stored

    async def _attempt(self, user_id: int, puzzle_id: int) -> Attempt:
        attempt = await self.storage.attempt(user_id, puzzle_id)
        if attempt is None:
            raise TableError("puzzle.not_begun")
        return attempt

    async def _shown(self, user_id: int, puzzle_id: int, **more) -> Shown:
        stored = await self._stored(puzzle_id)
        attempt = await self._attempt(user_id, puzzle_id)
        record = await self.storage.puzzle_record(user_id)
        return Shown(stored, attempt, position_at(stored, attempt.step), record, **more)

    async def _clicked(self, user_id: int, puzzle_id: int, step: int) -> Shown:
        """The attempt a move was clicked in; with a note (and nothing to play) when
        it is over or the click came from an older message."""
        shown = await self._shown(user_id, puzzle_id)
        status = shown.attempt.status
        if status == SOLVED:
            return replace(shown, note="puzzle.already_solved")
        if status == FAILED:
            return replace(shown, note="puzzle.already_failed")
        if step != shown.attempt.step:
            return replace(shown, note="puzzle.stale")
        return shown

    async def _judge(self, shown: Shown, move: int) -> Shown:
        """The member's move: right, the line plays on (solved at its end); wrong,
        the attempt ends there."""
        stored, attempt = shown.stored, shown.attempt
        line, seat = stored.puzzle.line, stored.puzzle.seat
        if move != line[attempt.step]:
            return await self._finish(shown, attempt.step, FAILED, move)
        step = attempt.step + 1
        while step < len(line) and position_at(stored, step).turn != seat:
            step += 1
        played = line[attempt.step : step]
        if step >= len(line):
            return await self._finish(shown, step, SOLVED, None, played)
        try:
            await self.storage.save_step(attempt, step)
        except AttemptMoved:
            raise TableError("puzzle.stale") from None
        return await self._shown(attempt.user_id, attempt.puzzle_id, played=played)

    async def _finish(
        self, shown: Shown, step: int, status: str, wrong: int | None, played=()
    ) -> Shown:
        attempt, stored = shown.attempt, shown.stored
        end = AttemptEnd(status, wrong)
        before = shown.record.rating
        if not attempt.rated:
            member, puzzle = rate(before, stored.rating, solved=status == SOLVED)
            end = replace(end, member=member, puzzle=puzzle)
        try:
            await self.storage.finish_attempt(attempt, step, end)
        except AttemptMoved:
            raise TableError("puzzle.stale") from None
        change = (before.rating, end.member.rating) if end.member else None
        return await self._shown(
            attempt.user_id,
            attempt.puzzle_id,
            played=played or ((wrong,) if wrong is not None else ()),
            change=change,
        )


def commitment(seal: str, stored: StoredPuzzle) -> str:
    """The SHA-256 that seals a day's puzzle: of ``<seal>:<puzzle id>:<line JSON>``."""
    return hashlib.sha256(f"{seal}:{stored.id}:{line_json(stored)}".encode()).hexdigest()


def line_json(stored: StoredPuzzle) -> str:
    """The answer line as sealed: its moves as a JSON list (``[1,35,4,1188]``)."""
    return orjson.dumps(list(stored.puzzle.line)).decode()


def _next_day(day: str) -> str:
    return (datetime.fromisoformat(day) + timedelta(days=1)).date().isoformat()
