"""Play two bot players against each other and print one JSON line of results.

    python -m bot.ai.arena --game escoba --a greedy --b random --matches 200 --seed 1

Two-player matches (Escoba and Scopa to 21, Rubamazzo one hand each), seats
swapped every match, the same deals for both sides of each pair of matches.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ..games import make_game
from .policies import POLICIES, make_policy

TARGETS = {"escoba": 21, "scopa": 21}


def play_match(game_name: str, players: dict, seed: int, a_seat: int, timings: dict) -> dict:
    """One match; ``players`` maps "a"/"b" to policies; a sits at ``a_seat``."""
    options = {"players": 2}
    if game_name in TARGETS:
        options["target_score"] = TARGETS[game_name]
    game = make_game(game_name, options)
    state = game.new_match(seed)
    seats = {a_seat: "a", 1 - a_seat: "b"}
    rng = random.Random(seed)
    points = {"a": 0, "b": 0}
    hands = 0
    while not state.is_over:
        who = seats[state.turn]
        view = state.observe(state.turn)
        start = time.perf_counter()
        move = players[who](game, view, rng)
        timings[who].append((time.perf_counter() - start) * 1000)
        state, events = state.apply(move)
        for event in events:
            if event.kind == "hand_scored":
                hands += 1
                for seat, label in seats.items():
                    points[label] += event.score.totals[seat]
    winners = {seats[side] for side in state.winners or ()}
    return {"winners": winners, "points": points, "hands": hands}


def arena(game: str, a: str, b: str, matches: int, seed: int) -> dict:
    players = {"a": make_policy(a), "b": make_policy(b)}
    timings: dict[str, list[float]] = {"a": [], "b": []}
    wins = {"a": 0, "b": 0}
    points = {"a": 0, "b": 0}
    hands = 0
    for index in range(matches):
        result = play_match(game, players, seed * 1_000_003 + index // 2, index % 2, timings)
        for label in result["winners"]:
            wins[label] += 1
        for label in points:
            points[label] += result["points"][label]
        hands += result["hands"]
    return {
        "game": game,
        "a": a,
        "b": b,
        "matches": matches,
        "seed": seed,
        "a_wins": wins["a"],
        "b_wins": wins["b"],
        "draws": matches - wins["a"] - wins["b"],
        "a_win_rate": round(wins["a"] / matches, 3),
        "hands": hands,
        "a_points_per_hand": round(points["a"] / hands, 3),
        "b_points_per_hand": round(points["b"] / hands, 3),
        **_percentiles("a", timings["a"]),
        **_percentiles("b", timings["b"]),
    }


def _percentiles(label: str, values: list[float]) -> dict:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {f"{label}_ms_p50": round(cuts[49], 3), f"{label}_ms_p95": round(cuts[94], 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("escoba", "scopa", "rubamazzo"), default="escoba")
    parser.add_argument("--a", choices=sorted(POLICIES), default="greedy")
    parser.add_argument("--b", choices=sorted(POLICIES), default="random")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    result = arena(args.game, args.a, args.b, args.matches, args.seed)
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
