"""The Discord benchmarks' steps taken to their end, however busy the machine.

SimCord gives each step (a click, a slash command, a settle, an advance of its
virtual clock) its settle timeout in real time, and stops it with "bot did not
settle…" when the bot's work takes longer: on a busy machine a benchmark stopped
halfway. The timeout cannot simply be raised, for it is also the horizon below which
a bot's sleep is waited out in real time (the pool's 3 s waves park beyond it). So a
step cut short is taken on instead: SimCord keeps what was done, and its work goes
on while the benchmark settles again, or moves the clock on to the step's target.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from datetime import timedelta
from typing import Any

PATIENCE_SECONDS = 600.0
"""Real seconds a step may take in all before the benchmark gives up."""


class Stuck(RuntimeError):
    """The bot's work did not settle in ``PATIENCE_SECONDS``."""


async def settle(env: Any) -> None:
    """Settle the bot's work, for as many of SimCord's settle timeouts as it takes."""
    await _until_done(env, 0.0, time.perf_counter() + PATIENCE_SECONDS)


async def advance(env: Any, seconds: float) -> None:
    """Move SimCord's clock ``seconds`` on, the bot's work settled on the way, however
    long that work takes in real time."""
    await _until_done(env, seconds, time.perf_counter() + PATIENCE_SECONDS)


async def act(env: Any, step: Awaitable[Any]) -> Any:
    """A member's click or command; its result, or None when SimCord cut its settling
    short (the bot got it: its work is then settled here)."""
    try:
        return await step
    except TimeoutError:
        await settle(env)
        return None


async def _until_done(env: Any, seconds: float, give_up: float) -> None:
    target = env.now() + timedelta(seconds=seconds)
    while True:
        left = (target - env.now()).total_seconds()
        try:
            await (env.advance_time(left) if left > 0 else env.settle())
            return
        except TimeoutError as cut:
            if time.perf_counter() > give_up:
                raise Stuck(f"the bot did not settle in {PATIENCE_SECONDS:g} s") from cut
