"""Event-loop lag while experts think: print one JSON line.

    python -m bot.ai.lag --seconds 10 --game escoba

One expert per core thinks without a pause (each decision a position from a
seeded match) through ``BotPlayers``' process pool, as at busy bot tables.
Meanwhile the loop runs a ticker that asks to wake every 5 ms (``lag_ms_*``:
how late it woke) and, every 20 ms, a table move the way the bot handles a
click: apply the move, read the player's view and the saved form
(``move_ms_*``: from the click to the move being done). ``--executor thread``
runs the decisions in a thread of the bot's own process instead (how seats
worked before the process pool), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from ..games import GAMES, Observation, State, make_game
from .policies import greedy
from .seats import BotPlayers, decide_in_worker

TICK = 0.005
MOVE_EVERY = 0.02


def positions(game_name: str, count: int, seed: int) -> tuple[list[Observation], list[State]]:
    """Views to decide on and states to move in, from greedy self-play."""
    game = make_game(game_name, {"players": 2})
    views, states = [], []
    rng = random.Random(seed)
    match = seed
    while len(views) < count:
        state = game.new_match(match)
        while not state.is_over and len(views) < count:
            view = state.observe(state.turn)
            if len(view.legal_moves) > 1:
                views.append(view)
                states.append(state)
            state, _ = state.apply(greedy(game, view, rng))
        match += 1
    return views, states


async def measure(game_name: str, seconds: float, executor: str, thinkers: int) -> dict:
    views, states = positions(game_name, 200, 1)
    game = make_game(game_name, {"players": 2})
    bots = BotPlayers()
    threads = ThreadPoolExecutor(max_workers=1) if executor == "thread" else None
    loop = asyncio.get_running_loop()
    options = json.dumps(game.options.model_dump(mode="json"), sort_keys=True)
    decisions: list[float] = []
    lags: list[float] = []
    moves: list[float] = []
    stop = time.perf_counter() + seconds

    async def think(index: int) -> None:
        n = index
        while time.perf_counter() < stop:
            view = views[n % len(views)]
            start = time.perf_counter()
            if threads is None:
                await bots.decide("expert", game, view, f"lag/{n}")
            else:
                await loop.run_in_executor(
                    threads, decide_in_worker, "expert", options, view, f"lag/{n}"
                )
            decisions.append((time.perf_counter() - start) * 1000)
            n += thinkers

    async def tick() -> None:
        while time.perf_counter() < stop:
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - start - TICK) * 1000)

    async def click(state: State) -> None:
        start = time.perf_counter()
        await asyncio.sleep(0)
        after, _ = state.apply(state.legal_moves()[0])
        after.observe(state.turn)
        json.dumps(after.to_dict())
        moves.append((time.perf_counter() - start) * 1000)

    async def clicks() -> None:
        n, pending = 0, set()
        while time.perf_counter() < stop:
            task = loop.create_task(click(states[n % len(states)]))
            pending.add(task)
            task.add_done_callback(pending.discard)
            n += 1
            await asyncio.sleep(MOVE_EVERY)
        await asyncio.gather(*pending)

    # warm the workers up (spawning one takes a moment) before measuring
    await asyncio.gather(*(bots.decide("greedy", game, views[0], "warm") for _ in range(4)))
    stop = time.perf_counter() + seconds
    try:
        await asyncio.gather(tick(), clicks(), *(think(i) for i in range(thinkers)))
    finally:
        bots.close()
        if threads is not None:
            threads.shutdown()
    return {
        "game": game_name,
        "executor": executor,
        "workers": bots.workers if threads is None else 1,
        "thinkers": thinkers,
        "seconds": seconds,
        "decisions": len(decisions),
        **_cuts("decision_ms", decisions),
        **_cuts("lag_ms", lags),
        **_cuts("move_ms", moves),
    }


def _cuts(name: str, values: list[float]) -> dict:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {f"{name}_p50": round(cuts[49], 2), f"{name}_p95": round(cuts[94], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="escoba")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--executor", choices=("process", "thread"), default="process")
    parser.add_argument(
        "--thinkers", type=int, default=os.cpu_count() or 1, help="experts thinking at once"
    )
    args = parser.parse_args(argv)
    result = asyncio.run(measure(args.game, args.seconds, args.executor, args.thinkers))
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
