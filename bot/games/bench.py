"""Engine speed: random legal play through whole hands, scoring included.

    python -m bot.games.bench --game escoba --players 2 --hands 2000 --seed 1

Prints one JSON line: game, players, hands, moves, seconds, hands_per_s, moves_per_s.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from .engine import make_game
from .options import OptionsError


def run(game_name: str, players: int, hands: int, seed: int) -> dict:
    """Play ``hands`` hands of random legal moves; return the measurements."""
    game = make_game(game_name, {"players": players})
    rng = random.Random(seed)
    choose = rng.choice
    played = moves = 0
    match = 0
    start = time.perf_counter()
    while played < hands:
        state = game.new_match(seed * 1_000_003 + match)
        match += 1
        hand = state.hand_no
        while played < hands and not state.is_over:
            state.apply_in_place(choose(state.legal_moves()))
            moves += 1
            if state.hand_no != hand or state.is_over:
                hand = state.hand_no
                played += 1
    seconds = time.perf_counter() - start
    return {
        "game": game_name,
        "players": players,
        "hands": played,
        "moves": moves,
        "seconds": round(seconds, 4),
        "hands_per_s": round(played / seconds, 1),
        "moves_per_s": round(moves / seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("escoba", "scopa", "rubamazzo"), default="escoba")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        result = run(args.game, args.players, args.hands, args.seed)
    except OptionsError as exc:
        parser.error(str(exc))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
