"""Play two bot players against each other and print one JSON line of results.

    python -m bot.ai.arena --game escoba --a expert --b pimc --matches 400 --seed 1 --workers 2

Two-player matches (Escoba and Scopa to 21, Rubamazzo one hand each), seats
swapped every match, the same deals for both sides of each pair of matches.
``--workers`` plays the pairs in that many processes; the result is the same
as with one, since every match has its own seed.

Besides the counts, the line holds 95% confidence intervals: ``a_win_rate_ci95``
(Wilson) and ``a_margin_per_hand`` (a's points per hand less b's) with
``a_margin_per_hand_ci95`` (pairs of matches as clusters, normal approximation).
In Rubamazzo the points are the cards, so the margin is cards per game.
Decision times are given twice: wall clock (``a_ms_p95``) and the process's CPU
time (``a_cpu_ms_p95``), which a busy machine does not inflate.

``--duplicate`` (``--matches N``: N deal pairs) reads the same matches as a
duplicate tournament: each deal is played twice, seats swapped, so the luck of the
cards cancels within a pair. It adds ``pairs``, ``paired_diff`` (the mean over pairs of
a's margin per hand in the pair), ``paired_ci_low``/``paired_ci_high`` (its 95%
interval, pairs as independent samples), and per pair its seed and margin
(``pair_seeds``, ``pair_margins``): ``play_match`` with a pair's seed replays it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..games import GAMES, make_game
from ..games.events import HandScored
from .policies import POLICIES, make_policy

TARGETS = {"escoba": 21, "scopa": 21, "scopone": 21}
TIMINGS = ("a", "b", "a_cpu", "b_cpu")
"""Decision times: wall clock, and CPU time (what a decision costs on an idle core)."""


def play_match(game_name: str, players: dict, seed: int, a_side: int, timings: dict) -> dict:
    """One match between two sides at the game's default player count (two players;
    Scopone's two pairs, partners alike); ``players`` maps "a"/"b" to policies; a plays
    side ``a_side``."""
    options = {"target_score": TARGETS[game_name]} if game_name in TARGETS else {}
    game = make_game(game_name, options)
    state = game.new_match(seed)
    sides = {a_side: "a", 1 - a_side: "b"}
    seats = {seat: sides[side] for seat, side in enumerate(game.side_of)}
    rng = random.Random(seed)
    points = {"a": 0, "b": 0}
    hands = 0
    while not state.is_over:
        who = seats[state.turn]
        view = state.observe(state.turn)
        start, cpu = time.perf_counter(), time.process_time()
        move = players[who](game, view, rng)
        timings[who].append((time.perf_counter() - start) * 1000)
        timings[who + "_cpu"].append((time.process_time() - cpu) * 1000)
        state, events = state.apply(move)
        for event in events:
            if isinstance(event, HandScored):
                hands += 1
                for side, label in sides.items():
                    points[label] += event.score.totals[side]
    winners = {sides[side] for side in state.winners or ()}
    return {"winners": winners, "points": points, "hands": hands}


def arena(
    game: str, a: str, b: str, matches: int, seed: int, workers: int = 1, duplicate: bool = False
) -> dict:
    """``matches`` matches (with ``duplicate``: ``matches`` deal pairs) of a against b."""
    if duplicate:
        matches *= 2
    pairs = [range(start, min(start + 2, matches)) for start in range(0, matches, 2)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_play_pair, game, a, b, seed, pair) for pair in pairs]
            chunks = [job.result() for job in jobs]
    else:
        chunks = [_play_pair(game, a, b, seed, p) for p in pairs]
    timings: dict[str, list[float]] = {label: [] for label in TIMINGS}
    wins = {"a": 0, "b": 0}
    points = {"a": 0, "b": 0}
    hands = 0
    clusters = []
    for results, pair_timings in chunks:
        for label in timings:
            timings[label].extend(pair_timings[label])
        margin = pair_hands = 0
        for result in results:
            for label in result["winners"]:
                wins[label] += 1
            for label in points:
                points[label] += result["points"][label]
            margin += result["points"]["a"] - result["points"]["b"]
            pair_hands += result["hands"]
        hands += pair_hands
        clusters.append((margin, pair_hands))
    result = {
        "game": game,
        "a": a,
        "b": b,
        "matches": matches,
        "seed": seed,
        "a_wins": wins["a"],
        "b_wins": wins["b"],
        "draws": matches - wins["a"] - wins["b"],
        "a_win_rate": round(wins["a"] / matches, 3),
        "a_win_rate_ci95": wilson(wins["a"], matches),
        "hands": hands,
        "a_points_per_hand": round(points["a"] / hands, 3),
        "b_points_per_hand": round(points["b"] / hands, 3),
        "a_margin_per_hand": round((points["a"] - points["b"]) / hands, 3),
        "a_margin_per_hand_ci95": ratio_interval(clusters),
        **{key: value for label in TIMINGS for key, value in _percentiles(label, timings[label])},
    }
    return {**result, **paired_figures(clusters, seed)} if duplicate else result


def pair_seed(seed: int, pair: int) -> int:
    """The deal of pair ``pair`` (both of its matches) in a run seeded ``seed``."""
    return seed * 1_000_003 + pair


def paired_figures(clusters: list[tuple[float, int]], seed: int) -> dict:
    """A duplicate run's figures: each pair's margin per hand, their mean and its 95%
    interval (normal approximation over the pairs), and the pairs' seeds."""
    margins = [margin / hands for margin, hands in clusters if hands]
    mean = statistics.fmean(margins)
    half = Z95 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return {
        "pairs": len(margins),
        "paired_diff": round(mean, 3),
        "paired_ci_low": round(mean - half, 3),
        "paired_ci_high": round(mean + half, 3),
        "pair_seeds": [pair_seed(seed, pair) for pair in range(len(clusters))],
        "pair_margins": [round(margin, 3) for margin in margins],
    }


def _play_pair(game: str, a: str, b: str, seed: int, indexes: range) -> tuple[list, dict]:
    """Matches ``indexes`` (a pair on the same deals, seats swapped) and their timings."""
    players = {"a": make_policy(a), "b": make_policy(b)}
    timings: dict[str, list[float]] = {label: [] for label in TIMINGS}
    results = [
        play_match(game, players, pair_seed(seed, index // 2), index % 2, timings)
        for index in indexes
    ]
    return results, timings


Z95 = 1.959964


def wilson(successes: int, trials: int) -> list[float]:
    """The Wilson 95% interval of a proportion."""
    p, n = successes / trials, trials
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def ratio_interval(clusters: list[tuple[float, int]]) -> list[float]:
    """A 95% interval of sum(margin) / sum(hands) over independent clusters (delta method)."""
    n = len(clusters)
    total_hands = sum(h for _, h in clusters)
    ratio = sum(m for m, _ in clusters) / total_hands
    if n < 2:
        return [round(ratio, 3), round(ratio, 3)]
    spread = sum((m - ratio * h) ** 2 for m, h in clusters) / (n * (n - 1))
    half = Z95 * math.sqrt(spread) / (total_hands / n)
    return [round(ratio - half, 3), round(ratio + half, 3)]


def _percentiles(label: str, values: list[float]) -> list[tuple[str, float]]:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return [(f"{label}_ms_p50", round(cuts[49], 3)), (f"{label}_ms_p95", round(cuts[94], 3))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="escoba")
    parser.add_argument("--a", choices=sorted(POLICIES), default="greedy")
    parser.add_argument("--b", choices=sorted(POLICIES), default="random")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the matches")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="every deal played twice, seats swapped; --matches counts deal pairs",
    )
    args = parser.parse_args(argv)
    if args.matches < 1 or args.workers < 1:
        parser.error("--matches and --workers must be at least 1")
    result = arena(args.game, args.a, args.b, args.matches, args.seed, args.workers, args.duplicate)
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
