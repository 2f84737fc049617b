"""Keeping puzzles in stock: a new bot (or the sandbox) has none until matches are
mined, so the process of shard 0 mines the bot's own play in the background while
fewer than ``Settings.puzzle_stock`` puzzles are stored.

Mining runs in one worker process (spawned, as the bot seats' workers are), a batch of
matches at a time, so the event loop never waits for a search; each batch's puzzles are
stored at once (a position stored before is skipped by its key). The seeds go on from
the number of puzzles stored, so a restart mines new matches.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from ..storage import Storage
from .mine import GAMES, mine_match
from .puzzle import Puzzle

log = logging.getLogger(__name__)

BATCH = 10
"""Matches mined a batch (about 3 s of a worker)."""
SEED_BASE = 1_000_000
"""Where the background miner's seeds start (away from the command line's)."""


def mine_batch(first_seed: int) -> list[Puzzle]:
    """The puzzles of ``BATCH`` matches, one game after the other (in a worker)."""
    return [
        puzzle
        for offset in range(BATCH)
        for puzzle in mine_match(GAMES[(first_seed + offset) % len(GAMES)], first_seed + offset)
    ]


class PuzzleStock:
    """Mines until ``target`` puzzles are stored; ``start`` once, ``stop`` at the end."""

    def __init__(self, storage: Storage, target: int) -> None:
        self.storage, self.target = storage, target
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self.target > 0:
            self._task = asyncio.create_task(self._fill())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _fill(self) -> None:
        stored = await self.storage.count_puzzles()
        if stored >= self.target:
            return
        worker = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        try:
            await self._mine(worker, stored)
        except Exception:
            log.exception("the puzzle miner stopped; it starts again with the bot")
        finally:  # never wait for a batch: the bot may be stopping
            worker.shutdown(wait=False, cancel_futures=True)

    async def _mine(self, worker: ProcessPoolExecutor, stored: int) -> None:
        seed = SEED_BASE + stored * BATCH
        loop = asyncio.get_running_loop()
        while stored < self.target:
            await self.storage.add_puzzles(await loop.run_in_executor(worker, mine_batch, seed))
            stored = await self.storage.count_puzzles()
            seed += BATCH
        log.info("%d puzzles in stock", stored)
