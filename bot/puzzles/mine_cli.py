"""``python -m bot.puzzles mine --matches N --seed S [--database URL] [--workers W]``:
play and mine N matches, spread over the games, and store their puzzles.

Prints one JSON line: ``matches``, ``puzzles`` (new ones stored), ``found`` (before
the database's dedup), ``by_game``, ``by_theme``, ``by_reason`` (the review's word for
the answers), ``exact``, ``verified`` (the share of exact puzzles whose answer a fresh
search finds again: 1.0), ``duplicates`` (positions stored twice: 0), ``multi_move``
(puzzles with more than one move to find) and ``ms_per_match``. Without ``--database``
the puzzles go to a scratch SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from ..loadtest.scratch import benchmark_database, described
from ..storage import Storage
from .mine import GAMES, mine_match, verify
from .puzzle import Puzzle


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", type=int, default=400, help="matches played and mined")
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed")
    parser.add_argument("--database", help="where the puzzles go (a scratch SQLite file else)")
    parser.add_argument("--workers", type=int, default=1, help="processes mining")


def run(args: argparse.Namespace) -> dict:
    started = time.perf_counter()
    jobs = [(GAMES[index % len(GAMES)], args.seed + index) for index in range(args.matches)]
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            mined = list(pool.map(_mine, jobs, chunksize=4))
    else:
        mined = [_mine(job) for job in jobs]
    elapsed = time.perf_counter() - started
    puzzles = _unique(puzzle for found in mined for puzzle in found)
    stored, duplicates = asyncio.run(_store(puzzles, args.database))
    exact = [puzzle for puzzle in puzzles if puzzle.exact]
    return {
        "matches": args.matches,
        "puzzles": stored,
        "found": len(puzzles),
        "by_game": dict(sorted(Counter(p.game for p in puzzles).items())),
        "by_theme": dict(Counter(t for p in puzzles for t in p.themes).most_common()),
        "by_reason": dict(Counter(p.reason for p in puzzles if p.reason).most_common()),
        "exact": len(exact),
        "verified": round(sum(map(verify, exact)) / max(len(exact), 1), 4),
        "duplicates": duplicates,
        "multi_move": sum(1 for p in puzzles if p.moves_to_find > 1),
        "ms_per_match": round(elapsed * 1000 / max(args.matches, 1), 1),
        "database": described(args.database),
    }


def _mine(job: tuple[str, int]) -> list[Puzzle]:
    return list(mine_match(*job))


def _unique(puzzles) -> list[Puzzle]:
    """One puzzle a position (the first found)."""
    seen: dict[str, Puzzle] = {}
    for puzzle in puzzles:
        seen.setdefault(puzzle.key, puzzle)
    return list(seen.values())


async def _store(puzzles: list[Puzzle], database: str | None) -> tuple[int, int]:
    """Store the puzzles; how many were new, and the positions stored twice."""
    if database:
        storage = await Storage.open(database)
        try:
            return await storage.add_puzzles(puzzles), await storage.duplicate_puzzles()
        finally:
            await storage.close()
    async with benchmark_database(None) as url:
        storage = await Storage.open(url)
        try:
            return await storage.add_puzzles(puzzles), await storage.duplicate_puzzles()
        finally:
            await storage.close()
