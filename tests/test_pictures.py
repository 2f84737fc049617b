"""Card pictures: every card distinct per deck, boards and hands are valid PNGs, and the
bot renders them for every game and deck."""

from __future__ import annotations

import io
import json
import threading

import pytest
from PIL import Image

from bot.games import events_to_dicts, make_game
from bot.games.cards import DECK_SIZE, DECKS
from bot.pictures import (
    BOARD_WIDTH,
    CARD_SIZE,
    board_png,
    card_image,
    hand_png,
    hand_size,
    main,
)
from bot.pictures.charts import CHART_WIDTH, VERDICT_COLOURS, review_png
from bot.screens import board, hand_panel
from bot.screens.board import board_pictures, last_played
from bot.screens.hand_panel import hand_pictures
from bot.tables import Seat, Table


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def board_height(data: bytes) -> int:
    image = open_png(data)
    assert image.width == BOARD_WIDTH
    assert 150 <= image.height <= 1200
    return image.height


@pytest.mark.parametrize("deck", DECKS)
def test_all_cards_distinct_and_sized(deck):
    images = [card_image(card, deck) for card in range(DECK_SIZE)]
    assert all(image.size == CARD_SIZE for image in images)
    assert len({image.tobytes() for image in images}) == DECK_SIZE


def test_card_image_is_cached():
    assert card_image(6, "spanish") is card_image(6, "spanish")


def test_looks_differ_between_spanish_and_french_suits():
    assert card_image(0, "spanish").tobytes() != card_image(0, "french_faces").tobytes()
    # Faces in french_faces, numbers in french_numeric.
    assert card_image(9, "french_faces").tobytes() != card_image(9, "french_numeric").tobytes()


@pytest.mark.parametrize("deck", DECKS)
def test_escoba_and_scopa_boards(deck):
    start = board_height(board_png([0, 13, 25, 38], deck))
    played = board_height(board_png([0, 13, 25, 38], deck, last_played=7))
    assert start == played


@pytest.mark.parametrize("deck", DECKS)
def test_rubamazzo_boards(deck):
    table = [2, 14, 31]
    two = board_height(board_png(table, deck, last_played=5, pile_tops=[("Ana", 9), ("Bot", None)]))
    three = board_height(
        board_png(table, deck, pile_tops=[("Ana María", 9), ("山田", None), ("Zoë", 27)])
    )
    bare = board_height(board_png(table, deck, last_played=5))
    assert two == three > bare


@pytest.mark.parametrize("deck", DECKS)
def test_empty_and_large_tables(deck):
    empty = board_height(board_png([], deck))
    large = board_height(board_png(list(range(0, 36, 3)), deck, last_played=39))
    assert large > empty


@pytest.mark.parametrize("count", [0, 1, 3, 10])
@pytest.mark.parametrize("deck", DECKS)
def test_hand(deck, count):
    image = open_png(hand_png(list(range(count)), deck))
    assert image.size == hand_size(count)
    assert image.width >= CARD_SIZE[0] and image.height > CARD_SIZE[1]


def test_more_cards_make_a_wider_hand():
    assert hand_size(3)[0] > hand_size(1)[0] == hand_size(0)[0]


def test_a_ten_card_hand_is_two_rows_of_five_like_its_buttons():
    assert hand_size(10)[0] == hand_size(5)[0] and hand_size(10)[1] > hand_size(5)[1]
    assert hand_size(6)[1] == hand_size(10)[1]


def test_long_unicode_pile_names_are_fine():
    name = "Дмитрий Ана-María 😀 " * 5
    assert board_height(board_png([], "italian", pile_tops=[(name, 1), ("", None)])) > 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: card_image(0, "tarot"),
        lambda: board_png([1], "Spanish"),
        lambda: hand_png([1], ""),
        lambda: card_image(40, "spanish"),
    ],
)
def test_bad_input_raises_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_unknown_deck_message_lists_decks():
    with pytest.raises(ValueError, match="french_numeric"):
        board_png([], "poker")


def test_cli_bench_and_samples(tmp_path, capsys):
    main(["--bench", "--renders", "4", "--sample", str(tmp_path)])
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["cards"] == DECK_SIZE and figures["decks"] == len(DECKS)
    assert {"board_ms_p50", "board_ms_p95", "hand_ms_p50"} <= figures.keys()
    assert "options_ms_p50" in figures
    written = {path.name for path in tmp_path.iterdir()}
    assert {f"{kind}_{deck}.png" for kind in ("board", "hand") for deck in DECKS} <= written
    assert {"board_laid_on_table.png", "board_captured_onto_pile.png"} <= written
    for path in tmp_path.iterdir():
        open_png(path.read_bytes())


GAME_DECKS = [
    (game, deck)
    for game, decks in {
        "escoba": ("spanish", "french_faces", "french_numeric"),
        "scopa": ("italian", "french_faces", "french_numeric"),
        "rubamazzo": ("italian", "french_faces", "french_numeric"),
    }.items()
    for deck in decks
]


def playing_table(game: str, deck: str, moves: int):
    """A two-player table of ``game`` in ``deck``, ``moves`` moves into its first hand."""
    state = make_game(game, {"deck": deck}).new_match(seed=11)
    events = []
    for _ in range(moves):
        state, events = state.apply(state.legal_moves()[0])
    seats = [Seat(user_id=1, name="Ana"), Seat(user_id=2, name="Bob")]
    table = Table(1, 1, 1, 1, game, {"deck": deck}, "en", "playing", seats=seats, state=state)
    table.log.last_events = events_to_dicts(events)
    return table


@pytest.mark.parametrize(("game", "deck"), GAME_DECKS)
async def test_every_game_and_deck_renders_its_board_and_hands(game, deck):
    table = playing_table(game, deck, moves=3)
    (board,) = await board_pictures(table)
    image = open_png(board.fp.read())
    assert board.filename == "board.png" and image.width == BOARD_WIDTH
    assert last_played(table) is not None
    for seat in range(2):
        (hand,) = await hand_pictures(table, seat)
        count = len(table.state.hands[seat])
        assert open_png(hand.fp.read()).size == hand_size(count)


async def test_pictures_are_drawn_off_the_event_loop(monkeypatch):
    threads = []

    def spying(draw):
        def wrapper(*args, **kwargs):
            threads.append(threading.current_thread())
            return draw(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(board, "board_png", spying(board.board_png))
    monkeypatch.setattr(hand_panel, "_hand_png", spying(hand_panel._hand_png))
    table = playing_table("escoba", "spanish", moves=1)
    assert await board_pictures(table) and await hand_pictures(table, 0)
    assert len(threads) == 2 and threading.main_thread() not in threads


def test_the_review_chart_has_a_row_per_player_and_colours_each_verdict():
    rows = [
        ("ana", 80, [(0.0, "best", False), (1.5, "blunder", True), (0.3, "inaccuracy", False)]),
        ("🤖 bob", 100, []),
    ]
    chart = Image.open(io.BytesIO(review_png(rows))).convert("RGB")
    assert chart.size == (CHART_WIDTH, 14 * 2 + 110 * 2)
    colours = {chart.getpixel((x, 14 + 110 - 26)) for x in range(150, CHART_WIDTH - 16)}
    for verdict in ("best", "blunder", "inaccuracy"):
        assert VERDICT_COLOURS[verdict][:3] in colours, verdict
