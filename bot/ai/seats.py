"""Bot seats at Discord tables: decisions run in worker processes, off the event loop.

The croupier hands over the rules, the seat's view and a seed; ``BotPlayers``
sends the game's name and options, the view and the seed to a process pool
(``cores - 1`` workers, at least one), so a search never holds the bot's
interpreter: the event loop, the heartbeat and other tables' clicks go on while
experts think. The budget is enforced in the worker: the expert searches its fixed
number of positions and stops early at ``SEAT_SECONDS`` should the machine be
busy. The same level, view and seed give the same move (when the time cap is
not reached).

``hint`` runs the coach (``coach.suggest``) there too, for a member's hint, and
``review`` a finished match's decisions, one job each (bot seats' moves wait for one
decision at most).

Workers are spawned (``spawn``: a fresh interpreter, never a fork of the bot's
process with its threads and sockets), each when the pool first needs it; the
rules and the levels are imported once per worker. ``close`` stops them. A worker
ignores Ctrl-C (the terminal sends SIGINT to the whole process group; the bot stops
its workers itself) and exits by itself when the bot's process dies, even by
SIGKILL, so no orphaned worker is left behind.

The pool heals: a worker that dies (kill -9, the OOM killer) breaks the executor and
fails every job in flight with ``BrokenProcessPool``; the first job to see it builds
a fresh executor (one WARNING per breakage), and every job is run again, ``TRIES``
times in all at most, so a job that kills its worker each time fails rather than
looping.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache, lru_cache
from multiprocessing.connection import wait
from typing import TypeVar

from ..games import Game, Observation, make_game
from .coach import COACH_BUDGET, Hint, suggest
from .expert import Budget, Expert
from .levels import NAMES, make_level
from .policies import Policy
from .review import Decision, review_decision

log = logging.getLogger(__name__)
Answer = TypeVar("Answer")

LEVELS = NAMES
"""The levels a host can seat, weakest first (``levels.LADDER``)."""
STAND_IN = "expert"
"""The level that plays for a member who let the timer run out or is away."""
SEAT_SECONDS = 0.05
"""The longest a bot seat's decision may take, enforced in the worker."""
DAILY_BUDGET = Budget(seconds=5.0)
"""The daily deal's hard bot: its fixed number of positions, the time cap far beyond
them, so a view and a seed give the same reply on any machine, however busy."""
TRIES = 3
"""How many times a job is run when its worker dies under it: a job that kills its
worker each time (a bug, not bad luck) fails after these."""


def default_workers() -> int:
    """One worker per core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotPlayers:
    """Chooses moves for the seats bots play, in a pool of worker processes."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self.executor = self._new_executor()
        self.closed = False

    def _new_executor(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=context, initializer=start_worker
        )

    async def decide(self, level: str, game: Game, view: Observation, seed: str) -> int:
        """The move of a ``level`` player; the same seed and view give the same move."""
        make_level(level)  # an unknown level fails here, not in a worker
        return await self._run(decide_in_worker, level, _options(game), view, seed)

    async def decide_daily(self, game: Game, view: Observation, seed: str) -> int:
        """The daily deal's hard bot (``DAILY_BUDGET``): equal play meets equal replies."""
        return await self._run(daily_in_worker, _options(game), view, seed)

    async def hint(self, game: Game, view: Observation, seed: str) -> Hint:
        """The coach's hint for the seat of ``view`` (its own observation only)."""
        return await self._run(hint_in_worker, _options(game), view, seed)

    async def review(
        self, game: Game, view: Observation, played: int, step: int, seed: str
    ) -> Decision:
        """The review's verdict on one decision (``review.review_decision``)."""
        return await self._run(review_in_worker, _options(game), view, played, step, seed)

    async def _run(self, job: Callable[..., Answer], *args: object) -> Answer:
        """``job(*args)`` in a worker. A worker that dies (kill -9, the OOM killer)
        breaks the pool and every job in flight: the pool is replaced and the job
        run again, ``TRIES`` times in all at most (a job that kills its worker every
        time fails then)."""
        loop = asyncio.get_running_loop()
        tries = 1
        while True:
            executor = self.executor
            try:
                return await loop.run_in_executor(executor, job, *args)
            except BrokenProcessPool as broken:
                if self.closed:
                    raise
                self._replace(executor)
                if tries == TRIES:
                    message = f"the AI worker running {job.__name__} died {tries} times"
                    raise BrokenProcessPool(message) from broken
            tries += 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A fresh pool for a broken one, once: the first job to see the break builds
        it (and says so), the others in flight find it built."""
        if self.executor is not broken:
            return
        log.warning(
            "an AI worker process died (killed, or out of memory?): a fresh pool "
            "replaces the broken one, and the decisions in flight are tried again"
        )
        broken.shutdown(wait=False)
        self.executor = self._new_executor()

    def close(self) -> None:
        """Cancel queued decisions and stop the workers (a running one ends within
        ``SEAT_SECONDS``)."""
        self.closed = True
        self.executor.shutdown(wait=True, cancel_futures=True)


def _options(game: Game) -> str:
    """The game's options as the workers rebuild the rules from (cached there)."""
    return json.dumps(game.options.model_dump(mode="json"), sort_keys=True)


def start_worker() -> None:
    """Runs first in each worker: ignore Ctrl-C, and exit as soon as the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with, args=(parent.sentinel,), name="parent-watch", daemon=True
        ).start()


def _exit_with(sentinel: int) -> None:
    """Wait until the parent process is gone (its sentinel is ready), then exit at once."""
    wait([sentinel])
    os._exit(0)


def decide_in_worker(level: str, options: str, view: Observation, seed: str) -> int:
    """Runs in a worker process: rebuild the rules (cached), decide with the seat budget."""
    return _seat_policy(level)(_game(options), view, random.Random(seed))


def daily_in_worker(options: str, view: Observation, seed: str) -> int:
    """Runs in a worker process: the daily deal's hard bot."""
    return _daily_expert()(_game(options), view, random.Random(seed))


@cache
def _daily_expert() -> Expert:
    return Expert(DAILY_BUDGET)


def hint_in_worker(options: str, view: Observation, seed: str) -> Hint:
    """Runs in a worker process: the coach with the seat budget."""
    budget = dataclasses.replace(COACH_BUDGET, seconds=SEAT_SECONDS)
    return suggest(_game(options), view, seed, budget)


def review_in_worker(
    options: str, view: Observation, played: int, step: int, seed: str
) -> Decision:
    """Runs in a worker process: one decision reviewed, with the review's budget."""
    return review_decision(_game(options), view, played, step=step, seed=seed)


@lru_cache(maxsize=64)
def _game(options: str) -> Game:
    data = json.loads(options)
    return make_game(data["game"], data)


@cache
def _seat_policy(level: str) -> Policy:
    """The level's policy, its hard bot's search capped at ``SEAT_SECONDS``."""
    return make_level(level, Expert(Budget(seconds=SEAT_SECONDS)))
