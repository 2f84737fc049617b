"""Bot seats at Discord tables: decisions run in a worker thread, off the event loop.

The croupier hands over the rules, the seat's view and a seed; the policy runs
in a one-thread pool, so a search never stalls the bot's heartbeat or other
tables' clicks (the expert caps itself at ``Budget.seconds``).
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from ..games import Game, Observation
from .policies import make_policy

LEVELS = ("random", "greedy", "expert")
"""The levels a host can seat, easy to hard."""
STAND_IN = "expert"
"""The level that plays for a member who let the timer run out or is away."""


class BotPlayers:
    """Chooses moves for the seats bots play, one decision at a time per worker."""

    def __init__(self, workers: int = 1) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot-player")

    async def decide(self, level: str, game: Game, view: Observation, seed: str) -> int:
        """The move of a ``level`` player; the same seed and view give the same move."""
        policy = make_policy(level)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, policy, game, view, random.Random(seed))

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
