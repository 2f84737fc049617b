"""Keeping puzzles in stock: a new bot (or the sandbox) has none until matches are
mined, so the process of shard 0 starts a miner while fewer than
``Settings.puzzle_stock`` puzzles are stored.

The miner is a process of its own (``python -m bot.puzzles stock``), so its searches
never share the bot's interpreter: it mines ``BATCH`` matches at a time, stores their
puzzles (a position stored before is skipped by its key), and exits once the stock is
full. Its seeds follow the count stored, so a restart mines new matches. The bot stops
it when it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import subprocess
import sys

from ..storage import Storage
from .mine import GAMES, mine_match
from .puzzle import Puzzle

log = logging.getLogger(__name__)

BATCH = 10
"""Matches mined a batch (about 3 s of one core)."""
SEED_BASE = 1_000_000
"""Where the stock's seeds start (away from the command line's ``mine``)."""


def mine_batch(first_seed: int) -> list[Puzzle]:
    """The puzzles of ``BATCH`` matches, one game after the other."""
    return [
        puzzle
        for offset in range(BATCH)
        for puzzle in mine_match(GAMES[(first_seed + offset) % len(GAMES)], first_seed + offset)
    ]


async def fill(storage: Storage, target: int) -> int:
    """Mine batches until ``target`` puzzles are stored; how many are."""
    stored = await storage.count_puzzles()
    seed = SEED_BASE + stored * BATCH
    while stored < target:
        await storage.add_puzzles(mine_batch(seed))
        stored = await storage.count_puzzles()
        seed += BATCH
    return stored


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", required=True, help="the bot's database URL")
    parser.add_argument("--target", type=int, default=2000, help="puzzles to keep in stock")


def run(args: argparse.Namespace) -> dict:
    async def filled() -> int:
        storage = await Storage.open(args.database)
        try:
            return await fill(storage, args.target)
        finally:
            await storage.close()

    return {"stored": asyncio.run(filled()), "target": args.target}


class PuzzleStock:
    """Starts the miner when the stock is short (``start``), stops it (``stop``)."""

    def __init__(self, storage: Storage, database: str, target: int) -> None:
        self.storage, self.database, self.target = storage, database, target
        self.miner: subprocess.Popen | None = None

    async def start(self) -> None:
        if self.target <= 0 or await self.storage.count_puzzles() >= self.target:
            return
        command = [sys.executable, "-m", "bot.puzzles", "stock", "--database", self.database]
        self.miner = subprocess.Popen(
            [*command, "--target", str(self.target)], stdout=subprocess.DEVNULL
        )
        log.info("mining puzzles in the background (process %d)", self.miner.pid)

    def stop(self) -> None:
        if self.miner is not None and self.miner.poll() is None:
            self.miner.terminate()
