"""``python -m bot.puzzles bench``: do puzzle ratings mean something, and is serving fast?

Solvers of known strength attempt every stored puzzle, each first attempt rated as
the bot rates members' (``glicko.rate``: a game between solver and puzzle):

- ``random``: a uniformly random legal move;
- ``easy``, ``normal``, ``hard``: the ladder's levels 1, 3 and 5 (``ai.levels``).

Each solver plays as ``--instances`` members (their own random draws), every member
attempts every puzzle once, in a shuffled order. Printed, as ONE JSON line:

- ``rating_solve_rank_corr``: Spearman's rank correlation of the puzzles' final
  ratings against their solve rates (goal <= -0.8: harder-rated, solved less);
- ``solver_ratings``: each solver's mean final rating, weakest solver first, and
  ``solvers_ordered`` (whether they rise with strength);
- ``serve_ms_p95``: the 95th percentile of the next-puzzle query (near a rating,
  optionally of a game or theme, never one attempted) with ``--stored`` puzzles
  (100,000) in a scratch SQLite database, for a member with ``--history`` attempts;
- ``repeats``: puzzles served twice to one member over ``--serves`` serves (0).

The puzzles come from ``--database`` (where ``python -m bot.puzzles mine`` stored
them); the scratch database is filled with copies of them (their keys made unique,
their ratings spread as a rated pool's are).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..ai.levels import make_level
from ..ai.policies import Policy
from ..games import Game, Observation
from ..storage import Storage, scratch_schema
from ..storage.puzzles import PUZZLE_COLUMNS, puzzle_row
from .glicko import Rating, rate
from .puzzle import Puzzle


def uniform(game: Game, view: Observation, rng: random.Random) -> int:
    """A uniformly random legal move."""
    return rng.choice(view.legal_moves)


def solvers() -> dict[str, Policy]:
    """The solvers, weakest first."""
    return {
        "random": uniform,
        "easy": make_level("random"),
        "normal": make_level("greedy"),
        "hard": make_level("expert"),
    }


def attempt(puzzle: Puzzle, policy: Policy, rng: random.Random) -> bool:
    """Whether ``policy`` finds every move of the answer (the replies played for it)."""
    state = puzzle.position()
    for move in puzzle.line:
        mine = state.turn == puzzle.seat
        if mine and policy(state.game, state.observe(puzzle.seat), rng) != move:
            return False
        state, _ = state.apply(move)
    return True


def rate_pool(
    puzzles: Sequence[Puzzle], instances: int, seed: int
) -> tuple[list[Rating], list[float], dict[str, float], dict[str, float]]:
    """Every member's first attempt at every puzzle, rated in a shuffled order: the
    puzzles' ratings, their solve rates, each solver's mean rating and solve rate."""
    rng = random.Random(seed)
    policies = solvers()
    members = [(name, k) for name in policies for k in range(instances)]
    ratings = {member: Rating() for member in members}
    pool = [Rating() for _ in puzzles]
    solved = [0] * len(puzzles)
    by_solver = dict.fromkeys(policies, 0)
    games = [(i, member) for i in range(len(puzzles)) for member in members]
    rng.shuffle(games)
    for index, member in games:
        draws = random.Random(f"{seed}/{member}/{index}")
        won = attempt(puzzles[index], policies[member[0]], draws)
        solved[index] += won
        by_solver[member[0]] += won
        ratings[member], pool[index] = rate(ratings[member], pool[index], solved=won)
    rates = [count / len(members) for count in solved]
    means = {
        name: round(statistics.fmean(ratings[(name, k)].rating for k in range(instances)), 1)
        for name in policies
    }
    shares = {name: round(count / len(puzzles) / instances, 3) for name, count in by_solver.items()}
    return pool, rates, means, shares


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    if len(set(rx)) < 2 or len(set(ry)) < 2:
        return 0.0
    return statistics.correlation(rx, ry)


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for place in range(start, end + 1):
            ranks[order[place]] = (start + end) / 2
        start = end + 1
    return ranks


async def stored_puzzles(database: str, limit: int) -> list[Puzzle]:
    """The puzzles ``database`` holds (at most ``limit``, the first mined first)."""
    storage = await Storage.open(database)
    try:
        rows = await storage.db.fetch_all("SELECT id FROM puzzles ORDER BY id LIMIT ?", (limit,))
        found = [await storage.stored_puzzle(row["id"]) for row in rows]
        return [stored.puzzle for stored in found if stored is not None]
    finally:
        await storage.close()


async def fill(storage: Storage, puzzles: Sequence[Puzzle], count: int, seed: int) -> None:
    """``count`` puzzles stored: copies of ``puzzles``, keys made unique, ratings spread."""
    rng = random.Random(seed)
    rows = []
    for number in range(count):
        puzzle = puzzles[number % len(puzzles)]
        copy = puzzle_row(dataclasses.replace(puzzle, key=f"{puzzle.key}-{number}"), 0.0)
        rows.append((*copy, rng.gauss(1500, 350), rng.uniform(60, 350)))
    if not rows:
        return
    marks = ", ".join("?" for _ in rows[0])

    async def work(tx) -> None:
        await tx.execute_many(
            f"INSERT INTO puzzles ({PUZZLE_COLUMNS}, rating, deviation) VALUES ({marks})", rows
        )

    await storage.db.write(work)


async def serving(puzzles: Sequence[Puzzle], args: argparse.Namespace) -> tuple[float, int]:
    """The next-puzzle query's p95 (ms) with ``--stored`` puzzles, and the repeats over
    ``--serves`` serves to one member: in a scratch SQLite file, or a scratch schema
    on ``--postgres``."""
    if args.postgres:
        async with scratch_schema(args.postgres) as url:
            return await _served_from(url, puzzles, args)
    with tempfile.TemporaryDirectory() as scratch:
        return await _served_from(f"sqlite:///{Path(scratch) / 'bench.sqlite3'}", puzzles, args)


async def _served_from(
    url: str, puzzles: Sequence[Puzzle], args: argparse.Namespace
) -> tuple[float, int]:
    storage = await Storage.open(url)
    try:
        return await _serve(storage, puzzles, args)
    finally:
        await storage.close()


async def _serve(
    storage: Storage, puzzles: Sequence[Puzzle], args: argparse.Namespace
) -> tuple[float, int]:
    rng = random.Random(args.seed)
    await fill(storage, puzzles, args.stored, args.seed)
    await storage.index_themes()  # once: later puzzles are added as they come
    for puzzle_id in rng.sample(range(1, args.stored + 1), args.history):
        await storage.start_attempt(1, puzzle_id)
    games = sorted({puzzle.game for puzzle in puzzles})
    themes = sorted({theme for puzzle in puzzles for theme in puzzle.themes})
    times = []
    for _ in range(args.serves):
        game = rng.choice([None, *games])
        theme = rng.choice([None, None, *themes]) if themes else None
        started = time.perf_counter()
        await storage.next_puzzle_id(1, rng.gauss(1500, 300), game, theme)
        times.append((time.perf_counter() - started) * 1000)
    served = []
    for _ in range(args.serves):
        found = await storage.next_puzzle_id(2, 1500.0)
        if found is None:
            break
        served.append(found)
        await storage.start_attempt(2, found)
    return statistics.quantiles(times, n=20)[-1], len(served) - len(set(served))


async def bench(args: argparse.Namespace) -> dict:
    puzzles = await stored_puzzles(args.database, args.puzzles)
    if not puzzles:
        raise SystemExit(f"no puzzles in {args.database}: run python -m bot.puzzles mine first")
    started = time.perf_counter()
    pool, rates, means, solve_rates = rate_pool(puzzles, args.instances, args.seed)
    rated_s = time.perf_counter() - started
    p95, repeats = await serving(puzzles, args)
    ordered = list(means.values())
    return {
        "puzzles": len(puzzles),
        "by_game": {
            g: sum(p.game == g for p in puzzles) for g in sorted({p.game for p in puzzles})
        },
        "attempts": len(puzzles) * args.instances * len(means),
        "rating_solve_rank_corr": round(spearman([r.rating for r in pool], rates), 3),
        "solver_ratings": means,
        "solver_solve_rates": solve_rates,
        "solvers_ordered": ordered == sorted(ordered),
        "stored": args.stored,
        "serve_database": "postgresql" if args.postgres else "sqlite",
        "serve_ms_p95": round(p95, 2),
        "repeats": repeats,
        "rating_s": round(rated_s, 1),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", required=True, help="where the mined puzzles are")
    parser.add_argument(
        "--puzzles", type=int, default=100_000, help="at most this many puzzles attempted"
    )
    parser.add_argument("--instances", type=int, default=3, help="members per solver")
    parser.add_argument("--stored", type=int, default=100_000, help="puzzles stored to serve")
    parser.add_argument("--history", type=int, default=2000, help="a member's past attempts")
    parser.add_argument("--serves", type=int, default=300, help="queries timed")
    parser.add_argument("--postgres", help="serve from a scratch schema on this server")
    parser.add_argument("--seed", type=int, default=1)


def run(args: argparse.Namespace) -> dict:
    return asyncio.run(bench(args))
