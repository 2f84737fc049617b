"""Board and hand marks: table cards numbered, capture options lettered, the card just
played drawn once and the rail labelled, player names with emoji drawn cleanly."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.cards import DECK_SIZE, DECKS
from bot.pictures import (
    BOARD_WIDTH,
    CARD_SIZE,
    _clean,
    _option_marks,
    board_png,
    card_image,
    hand_png,
)

_CW, _CH = CARD_SIZE
_ROWS = (40, 75, 130)  # inner rows of a card: no badge, ring or tag covers them
_X0, _X1 = 8, 92


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGBA")


def signature(card: int, deck: str) -> tuple[bytes, ...]:
    picture = card_image(card, deck)
    return tuple(picture.crop((_X0, row, _X1, row + 1)).tobytes() for row in _ROWS)


def positions(image: Image.Image, card: int, deck: str) -> list[tuple[int, int]]:
    """Top-left corners of every place ``card``'s picture is drawn in ``image``."""
    raw, stride = image.tobytes(), image.width * 4
    first, *others = signature(card, deck)
    found = []
    for y in range(image.height - _CH + 1):
        line = raw[(y + _ROWS[0]) * stride : (y + _ROWS[0] + 1) * stride]
        start = line.find(first)
        while start != -1:
            if start % 4 == 0:
                x = start // 4
                if all(
                    raw[(y + row) * stride + x * 4 :][: len(sig)] == sig
                    for row, sig in zip(_ROWS[1:], others, strict=True)
                ):
                    found.append((x - _X0, y))
            start = line.find(first, start + 1)
    return found


def region(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    return image.crop(box).tobytes()


@pytest.mark.parametrize("deck", DECKS)
def test_card_signatures_tell_every_card_apart(deck):
    assert len({signature(card, deck) for card in range(DECK_SIZE)}) == DECK_SIZE


TABLE = [0, 13, 25, 38, 7, 19]
PILES = [("Ana", 28), ("🤖 Hard bot", None), ("Zoë ✨", 6)]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize(
    ("last", "piles"),
    [(None, ()), (9, ()), (25, ()), (7, PILES), (28, PILES), (9, PILES)],
    ids=["none", "rail", "on-table", "on-table-piles", "on-pile", "rail-piles"],
)
def test_every_card_is_drawn_exactly_once(deck, last, piles):
    image = decode(board_png(TABLE, deck, last_played=last, pile_tops=piles))
    shown = {*TABLE, *(top for _, top in piles if top is not None)}
    if last is not None:
        shown.add(last)
    for card in shown:
        assert len(positions(image, card, deck)) == 1, card


def test_card_laid_on_table_stays_in_its_numbered_place_and_the_rail_is_empty():
    deck = "spanish"
    plain = decode(board_png(TABLE, deck))
    laid = decode(board_png(TABLE, deck, last_played=25))
    for card in TABLE:
        assert positions(laid, card, deck) == positions(plain, card, deck)
    (rail,) = positions(decode(board_png(TABLE, deck, last_played=9)), 9, deck)
    assert positions(laid, 9, deck) == []
    # The rail holds no card (its frame shows an arrow), unlike the plain board's
    # empty outline; the laid card itself is ringed in gold.
    rail_box = (rail[0], rail[1], rail[0] + _CW, rail[1] + _CH)
    assert region(laid, rail_box) != region(plain, rail_box)
    x, y = positions(laid, 25, deck)[0]
    ring_box = (x - 6, y + 20, x - 1, y + _CH)
    assert region(laid, ring_box) != region(plain, ring_box)


def test_card_captured_onto_a_pile_is_drawn_on_the_pile_only():
    deck = "italian"
    image = decode(board_png(TABLE, deck, last_played=28, pile_tops=PILES))
    (where,) = positions(image, 28, deck)
    table_y = positions(image, TABLE[0], deck)[0][1]
    assert where[1] > table_y + _CH  # in the pile band, not in the rail


@pytest.mark.parametrize("deck", DECKS)
def test_table_cards_carry_distinct_number_badges(deck):
    image = decode(board_png(TABLE, deck))
    badges = set()
    for card in TABLE:
        ((x, y),) = positions(image, card, deck)
        badges.add(region(image, (x + 37, y - 17, x + 68, y + 12)))
    assert len(badges) == len(TABLE)
    # The numbers follow the order given: swapping two cards keeps the badges in place.
    swapped = decode(board_png([TABLE[1], TABLE[0], *TABLE[2:]], deck))
    ((x, y),) = positions(swapped, TABLE[0], deck)
    ((x1, y1),) = positions(image, TABLE[1], deck)
    assert (x, y) == (x1, y1)
    badge = (x + 37, y - 17, x + 68, y + 4)
    assert region(swapped, badge) == region(image, badge)


def test_two_digit_numbers_on_a_large_table():
    table = list(range(0, 36, 3))
    assert decode(board_png(table, "french_numeric")).width == BOARD_WIDTH


@pytest.mark.parametrize("deck", DECKS)
def test_options_mark_only_the_cards_they_take(deck):
    plain = decode(board_png(TABLE, deck))
    marked = decode(board_png(TABLE, deck, options=[[0, 13], [25], [0, 38]]))
    assert marked.size == plain.size
    for card in TABLE:
        ((x, y),) = positions(plain, card, deck)
        under = (x - 2, y + _CH + 6, x + _CW + 2, y + _CH + 34)
        taken = card in (0, 13, 25, 38)
        assert (region(marked, under) != region(plain, under)) is taken, card


def test_option_letters_differ_by_option_and_overflow_into_a_plus():
    def strip(options):
        image = decode(board_png(TABLE, "spanish", options=options))
        ((x, y),) = positions(image, 0, "spanish")
        return region(image, (x - 2, y + _CH + 6, x + _CW + 2, y + _CH + 34))

    assert strip([[0]]) != strip([[13], [0]])  # A versus B
    four = [[0]] * 4
    assert strip(four) != strip([[0]] * 5) == strip([[0]] * 20)  # A B C + from five on
    twenty = [TABLE[i % 6 : i % 6 + 1 + i % 3] for i in range(20)]
    assert decode(board_png(TABLE, "french_faces", options=twenty)).width == BOARD_WIDTH


def test_options_ignore_cards_not_on_the_table_and_empty_options():
    plain = board_png(TABLE, "spanish")
    assert board_png(TABLE, "spanish", options=[[], [39]]) == plain


def test_played_label_is_drawn_and_kept_inside_the_rail():
    deck = "italian"
    images = {
        label: decode(board_png(TABLE, deck, last_played=9, played_label=label))
        for label in ("Played", "Giocata", "Última carta jugada en esta mano 🎴")
    }
    assert len({image.tobytes() for image in images.values()}) == 3
    assert len({image.size for image in images.values()}) == 1
    ((x, _),) = positions(images["Played"], TABLE[0], deck)
    table_area = (x - 12, 0, BOARD_WIDTH, images["Played"].height)
    assert len({region(image, table_area) for image in images.values()}) == 1


def test_clean_names_drop_emoji_without_question_marks():
    assert _clean("🤖 Hard bot") == "Hard bot"
    assert _clean("Ana ✨") == "Ana"
    assert _clean("Zoë  👍🏽 Łukasz") == "Zoe Lukasz"
    assert _clean("👨‍👩‍👧 Family 1️⃣") == "Family 1"
    assert _clean("山田") == "??"  # letters the font lacks still show the name is there


def test_emoji_in_pile_names_draw_like_the_plain_name_and_bots_get_a_robot():
    def board(name):
        return board_png(TABLE, "spanish", pile_tops=[(name, 28), ("Bob", None)])

    assert board("Ana ✨") == board("Ana") == board("✨Ana")
    assert board("🤖 Hard bot") != board("Hard bot")
    assert decode(board("🤖" * 30)).width == BOARD_WIDTH


def test_board_and_hand_are_deterministic():
    call = {"last_played": 7, "pile_tops": PILES, "options": [[0], [13, 25]]}
    assert board_png(TABLE, "spanish", **call) == board_png(TABLE, "spanish", **call)
    assert hand_png([3, 17, 30], "french_faces") == hand_png([3, 17, 30], "french_faces")


def test_board_height_does_not_depend_on_options_or_label():
    plain = decode(board_png(TABLE, "spanish"))
    busy = decode(
        board_png(TABLE, "spanish", last_played=13, options=[[0]] * 20, played_label="Jugada")
    )
    assert plain.size == busy.size


@pytest.mark.parametrize("deck", DECKS)
def test_hand_cards_are_numbered_in_the_order_given(deck):
    hand = [3, 17, 30]
    image = decode(hand_png(hand, deck))
    badges = []
    for card in hand:
        ((x, y),) = positions(image, card, deck)
        badges.append(region(image, (x + 30, y + _CH + 4, x + 70, y + _CH + 36)))
    assert len(set(badges)) == 3
    reordered = decode(hand_png(hand[::-1], deck))
    ((x, y),) = positions(reordered, hand[2], deck)
    assert region(reordered, (x + 30, y + _CH + 4, x + 70, y + _CH + 36)) == badges[0]


@pytest.mark.parametrize("deck", DECKS)
def test_only_the_panel_corners_are_transparent(deck):
    """The PNGs are RGB with one transparent colour: no card, badge, tag, ring, name
    or label may draw it, so every pixel but the panel's rounded corners is opaque."""
    names = [("🤖 Hard bot", 30), ("Ana ✨", None), ("Zoë", 39), ("山田", 20)]
    boards = [
        board_png(
            list(range(start, start + 10)),
            deck,
            last_played=(start + 10) % DECK_SIZE,
            pile_tops=names,
            options=[[start + k, start + k + 1] for k in range(20)],
            played_label="Jugada",
        )
        for start in (0, 10, 20, 30)
    ]
    boards += [board_png([], deck), board_png([5], deck, last_played=5, pile_tops=names)]
    pictures = [*boards, hand_png([0, 19, 38], deck), hand_png([], deck)]
    for data in pictures:
        alpha = decode(data).getchannel("A")
        width, height = alpha.size
        for box in ((18, 0, width - 18, height), (0, 18, width, height - 18)):
            assert alpha.crop(box).getextrema() == (255, 255)
        corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
        assert all(alpha.getpixel(corner) == 0 for corner in corners)


def test_option_tags_per_card():
    assert _option_marks([[1, 2], [2], [], [2, 2]]) == {1: ["A"], 2: ["A", "B", "D"]}
    assert _option_marks([[1]] * 4) == {1: ["A", "B", "C", "D"]}
    assert _option_marks([[1]] * 20) == {1: ["A", "B", "C", "+"]}
    assert _option_marks([[1], *[[2]] * 26, [1]]) == {1: ["A", "+"], 2: ["B", "C", "D", "+"]}
