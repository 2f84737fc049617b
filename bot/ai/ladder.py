"""Measure the ladder: every level against its neighbours, on one Elo scale.

    python -m bot.ai.ladder --game scopa --matches 100 --seed 1 --workers 1

Each pair of neighbouring levels plays ``--matches`` deal pairs (``arena``'s
duplicate deals: each deal twice, seats swapped, the same match seeds as
``arena --duplicate``), so the luck of the cards cancels within a pair. Prints one
JSON line:

- ``gaps``: per neighbours ``{"from", "to", "elo", "ci_low", "ci_high", "score"}``:
  the upper level's score (a win 1, a draw ½) over the matches, as Elo,
  ``400·log10(s / (1 − s))``; the 95% interval from the deal pairs' scores (each pair
  one sample, normal approximation), carried through the same formula.
- ``levels``: lowest first, ``{"level", "name", "rating", "ci_low", "ci_high",
  "cpu_ms_p95"}``. Level 1 is anchored at ``ANCHOR`` (1000); each level's rating adds
  the gaps below it, its interval the gaps' spreads added in quadrature. ``cpu_ms_p95``:
  the 95th percentile of the CPU time of the level's decisions, over every match it
  played.

A score of 0 or 1 is read as ``CLAMP`` (or 1 − ``CLAMP``) so an interval stays finite.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from ..games import GAMES
from .arena import TIMINGS, Z95, pair_seed, play_match
from .levels import LADDER, make_level

ANCHOR = 1000.0
"""Level 1's rating."""
CLAMP = 0.01


def play_pair(game: str, lower: str, upper: str, seed: int, pair: int) -> tuple[float, dict]:
    """One deal pair, upper against lower, seats swapped: the upper level's score
    (0, ½ or 1 a match, averaged) and the decisions' timings."""
    players = {"a": make_level(upper), "b": make_level(lower)}
    timings: dict[str, list[float]] = {label: [] for label in TIMINGS}
    score = 0.0
    for side in (0, 1):
        result = play_match(game, players, pair_seed(seed, pair), side, timings)
        winners = result["winners"]
        score += 1.0 if winners == {"a"} else 0.5 if winners != {"b"} else 0.0
    return score / 2, timings


def elo(score: float) -> float:
    """The Elo difference that expects ``score``."""
    score = min(1 - CLAMP, max(CLAMP, score))
    return 400 * math.log10(score / (1 - score))


def gap(lower: int, upper: int, scores: list[float]) -> dict:
    """The gap between two levels from the upper one's deal pair scores."""
    mean = statistics.fmean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    return {
        "from": lower,
        "to": upper,
        "elo": round(elo(mean), 1),
        "ci_low": round(elo(mean - half), 1),
        "ci_high": round(elo(mean + half), 1),
        "score": round(mean, 3),
    }


def ratings(gaps: list[dict], cpu: dict[int, list[float]]) -> list[dict]:
    """Each level's rating from level 1's ``ANCHOR`` and the gaps below it."""
    levels = []
    rating, spread = ANCHOR, 0.0
    for level in LADDER:
        if level.number > 1:
            below = gaps[level.number - 2]
            rating += below["elo"]
            spread += ((below["ci_high"] - below["ci_low"]) / 2) ** 2
        half = math.sqrt(spread)
        times = cpu.get(level.number, [])
        p95 = statistics.quantiles(times, n=100, method="inclusive")[94] if len(times) > 1 else 0.0
        levels.append(
            {
                "level": level.number,
                "name": level.name,
                "rating": round(rating, 1),
                "ci_low": round(rating - half, 1),
                "ci_high": round(rating + half, 1),
                "cpu_ms_p95": round(p95, 2),
            }
        )
    return levels


def ladder(game: str, matches: int, seed: int, workers: int = 1) -> dict:
    """Every pair of neighbouring levels on ``matches`` deal pairs each."""
    jobs = [
        (game, low.name, high.name, seed, pair)
        for low, high in itertools.pairwise(LADDER)
        for pair in range(matches)
    ]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_pair, *zip(*jobs, strict=True)))
    else:
        results = [play_pair(*job) for job in jobs]
    cpu: dict[int, list[float]] = {level.number: [] for level in LADDER}
    gaps = []
    for index, low in enumerate(LADDER[:-1]):
        chunk = results[index * matches : (index + 1) * matches]
        for _, timings in chunk:
            cpu[low.number + 1].extend(timings["a_cpu"])
            cpu[low.number].extend(timings["b_cpu"])
        gaps.append(gap(low.number, low.number + 1, [score for score, _ in chunk]))
    return {
        "game": game,
        "matches": matches,
        "seed": seed,
        "levels": ratings(gaps, cpu),
        "gaps": gaps,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="scopa")
    parser.add_argument("--matches", type=int, default=100, help="deal pairs per neighbours")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the matches")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.workers < 1:
        parser.error("--matches and --workers must be at least 1")
    json.dump(ladder(args.game, args.matches, args.seed, args.workers), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
