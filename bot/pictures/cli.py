"""The command line, ``python -m bot.pictures``: ``--bench`` prints render timings as one
JSON line; ``--sample DIR`` writes a board and a hand per deck, and boards showing a card
laid on the table, one captured onto a pile, twenty options and an empty table."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from ..games.cards import DECK_SIZE, DECKS
from .art import card_image
from .layouts import board_png, hand_png


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _bench(renders: int) -> dict[str, float | int]:
    """Warm the card cache, then time board and hand renders in milliseconds: a plain
    board (``board_ms_*``) and one with capture options marked (``options_ms_p50``)."""
    for deck in DECKS:
        for card in range(DECK_SIZE):
            card_image(card, deck)
    boards, marked, hands = [], [], []
    for i in range(renders):
        deck = DECKS[i % len(DECKS)]
        table = [(i + 7 * j) % DECK_SIZE for j in range(6)]
        start = time.perf_counter()
        board_png(
            table,
            deck,
            last_played=(i + 3) % DECK_SIZE,
            pile_tops=(("Ana", i % DECK_SIZE), ("Bot", None)),
        )
        boards.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        board_png(
            table,
            deck,
            last_played=table[2],
            pile_tops=(("Ana ✨", i % DECK_SIZE), ("🤖 Hard bot", None)),
            options=[table[:2], table[1:4], [table[0], table[5]], table[3:]],
            played_label="Jugada",
        )
        marked.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        hand_png(table[:3], deck)
        hands.append((time.perf_counter() - start) * 1000)
    return {
        "board_ms_p50": round(_percentile(boards, 0.5), 2),
        "board_ms_p95": round(_percentile(boards, 0.95), 2),
        "options_ms_p50": round(_percentile(marked, 0.5), 2),
        "hand_ms_p50": round(_percentile(hands, 0.5), 2),
        "cards": DECK_SIZE,
        "decks": len(DECKS),
    }


_SAMPLE_OPTIONS = ([0, 7], [14, 39], [27], [0, 14, 33], [18, 33], [7, 39])


def _samples(directory: Path) -> list[Path]:
    """Write sample pictures into ``directory``; return their paths. Per deck: a
    Rubamazzo-like board (options marked, the card just played in the rail, piles
    under emoji names) and a hand; then, in Spanish cards, a card just laid on the
    table, a card just captured onto a pile, twenty options and an empty table."""
    directory.mkdir(parents=True, exist_ok=True)
    piles = (("Ana María López", 28), ("🤖 Hard bot", None), ("Zoë ✨", 6), ("山田", 21))
    pictures: dict[str, bytes] = {}
    for deck in DECKS:
        pictures[f"board_{deck}"] = board_png(
            [0, 14, 27, 39, 7, 18, 33],
            deck,
            last_played=9,
            pile_tops=piles,
            options=_SAMPLE_OPTIONS,
            played_label="Jugada",
        )
        pictures[f"hand_{deck}"] = hand_png([8, 16, 35], deck)
    table = [0, 14, 27, 39, 7, 18, 33, 5, 24, 11, 36]
    pictures["board_laid_on_table"] = board_png(
        table, "spanish", last_played=7, options=[[0, 14], [27]], played_label="Giocata"
    )
    pictures["board_captured_onto_pile"] = board_png(
        table[:4], "italian", last_played=28, pile_tops=piles[:2], played_label="Giocata"
    )
    pictures["board_twenty_options"] = board_png(
        table[:6],
        "french_faces",
        last_played=19,
        options=[table[i % 6 : i % 6 + 1 + i % 3] for i in range(20)],
    )
    pictures["board_empty"] = board_png([], "spanish", pile_tops=(("🤖 Bot", None), ("Bob", None)))
    written = []
    for name, data in pictures.items():
        path = directory / f"{name}.png"
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> None:
    """``--bench`` prints one JSON line of timings; ``--sample DIR`` writes sample PNGs."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.pictures",
        description="Card pictures drawn with Pillow: single cards, the board and a hand, "
        "as PNG bytes.",
    )
    parser.add_argument(
        "--bench", action="store_true", help="print render timings as one JSON line"
    )
    parser.add_argument("--renders", type=int, default=200, help="renders to time (default 200)")
    parser.add_argument("--sample", type=Path, metavar="DIR", help="write sample boards and hands")
    args = parser.parse_args(argv)
    if not args.bench and args.sample is None:
        parser.error("give --bench and/or --sample DIR")
    if args.sample is not None:
        for path in _samples(args.sample):
            print(path)
    if args.bench:
        print(json.dumps(_bench(args.renders)))
