"""The board and the hand: cards laid out on an opaque felt panel, with their marks.

Marks on the board, so that the picture, the board's text and its buttons agree:

- Numbers: every table card has a round badge 1, 2… (①, ②…) across its top edge,
  between the rank and the suit, in the order of the ``table_cards`` given; the
  hand numbers its cards the same way under them.
- Capture options: option 0 is A, option 1 is B… Under each table card, gold tags
  name the options that take it. Four tags fit under a card: up to four letters,
  else the first three and ``+`` (the buttons list the rest). Up to 26 options
  have a letter; any beyond count only towards ``+``. The board's height does not
  depend on the options, so it does not jump between turns.
- The card just played is drawn once, never twice. When it now lies on the table
  (laid down without a capture) or on top of a pile (a Rubamazzo capture), it is
  drawn there, in its numbered place, ringed in gold, and the labelled rail on the
  left shows an empty gold frame with an arrow towards it (right: the table; down:
  the piles). Otherwise (a capture in Escoba or Scopa, or a card committed but not
  yet played) it sits in the rail in the gold frame. The numbering is always the
  caller's: no table card is skipped or moved.
- Names and labels: the built-in font covers ASCII and a few marks. Accents are
  folded (Zoë -> Zoe); emoji, symbols, joiners and variation selectors are dropped
  (Ana ✨ -> Ana); letters the font lacks (Cyrillic, CJK…) show as ``?`` so a name
  never vanishes; a name starting with 🤖 gets a small robot head drawn from
  shapes. Text is cut with ``…`` to the space it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from .art import _check_deck, card_image
from .encoding import _KEY, _png
from .marks import _CHIP_H, _CHIP_W, _arrow, _letter_chip, _number_badge, _robot
from .style import _BORDER, _CH, _CW, _GOLD, _WHITE, Colour, _font
from .text import _clean, _fit

BOARD_WIDTH = 720
"""Fixed width of a board picture; its height grows with the rows of cards."""

_GAP = 12
_MARGIN = 24
_TABLE_PER_ROW = 5
_RAIL = _MARGIN + _CW + 28  # x where the table area starts, right of the last-played rail
_PILE_PITCH = 132
_PILES_PER_ROW = (BOARD_WIDTH - 2 * _MARGIN - _CW - 12) // _PILE_PITCH + 1
_TOP = _MARGIN + 14  # top of the first row of cards: room for their number badges
_BADGE_X, _BADGE_Y = 52, -2  # a number badge's centre on a table card: on the top edge,
# between the rank and the suit (columns 37..68 of the top 16 rows carry no ink on any card)
_CHIP_GAP = 2  # between an option's letter tags
_MAX_TAGS = 4  # tags under a card: up to four letters, else three and "+"
_ROW_GAP = 22  # between a row's letter tags and the next row's badges
_ROW_PITCH = _CH + 8 + _CHIP_H + _ROW_GAP

_FELT = (22, 101, 52, 255)
_FELT_DARK = (15, 76, 38, 255)
_FELT_LINE = (60, 140, 86, 255)
_GOLD_DIM = (150, 150, 70, 255)


# --- the felt panel and what is placed on it ----------------------------------------


@cache
def _panel(width: int, height: int) -> Image.Image:
    """A felt-green rounded panel, RGB: outside its rounded corners it is ``_KEY``,
    the colour the PNG marks transparent."""
    panel = Image.new("RGB", (width, height), _KEY)
    d = ImageDraw.Draw(panel)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=18, fill=_FELT, outline=_FELT_DARK, width=3
    )
    return panel


def _slot(d: ImageDraw.ImageDraw, x: int, y: int, colour: Colour = _FELT_LINE) -> None:
    """A faint card outline: a free place or an empty pile."""
    d.rounded_rectangle((x, y, x + _CW - 1, y + _CH - 1), radius=9, outline=colour, width=3)


def _ring(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The gold frame around the card just played, wherever it is drawn."""
    d.rounded_rectangle((x - 6, y - 6, x + _CW + 5, y + _CH + 5), radius=13, outline=_GOLD, width=4)


def _place(img: Image.Image, card: int, deck: str, x: int, y: int) -> None:
    picture = card_image(card, deck)
    img.paste(picture, (x, y), picture)


def _stamp(img: Image.Image, mark: Image.Image, cx: float, cy: float) -> None:
    """Composite a small ``mark`` centred on (cx, cy)."""
    img.paste(mark, (round(cx - mark.width / 2), round(cy - mark.height / 2)), mark)


# --- boards and hands ---------------------------------------------------------------------


def _table_rows(count: int) -> int:
    return max(1, -(-count // _TABLE_PER_ROW))


def _pile_rows(count: int) -> int:
    return -(-count // _PILES_PER_ROW)


_PILE_ROW_H = _CH + 8 + 34


_BOT_MARK = "\N{ROBOT FACE}"


def _name_label(d: ImageDraw.ImageDraw, img: Image.Image, name: str, cx: int, y: int) -> None:
    """A player's name centred under ``cx`` from ``y`` down; a robot head first for
    names starting with 🤖 (how the bot names its own seats)."""
    font = _font(18)
    bot = name.lstrip().startswith(_BOT_MARK)
    icon = _robot().width + 5 if bot else 0
    text = _fit(_clean(name), font, _PILE_PITCH - 10 - icon)
    left = cx - (icon + font.getlength(text)) / 2
    if bot:
        img.paste(_robot(), (round(left), y - 1), _robot())
    d.text((left + icon, y), text, font=font, fill=_WHITE, anchor="lt")


def _rail(
    img: Image.Image, d: ImageDraw.ImageDraw, card: int | None, deck: str, label: str, lies: str
) -> None:
    """The left rail: the card just played in a gold frame, or, when that card ``lies``
    on the ``table`` or on a ``pile``, an empty frame with a gold arrow pointing there;
    the ``label`` under it."""
    x, y = _MARGIN, _TOP
    if card is None:
        _slot(d, x, y, _GOLD_DIM)
    elif lies:
        _slot(d, x, y, _GOLD_DIM)
        _stamp(img, _arrow("right" if lies == "table" else "down"), x + _CW / 2, y + _CH / 2)
    else:
        _ring(d, x, y)
        _place(img, card, deck, x, y)
    font = _font(18)
    text = _fit(_clean(label), font, _RAIL - 14 - 2 * 10)
    colour = _GOLD if card is not None else _GOLD_DIM
    d.text((x + _CW // 2, y + _CH + 12), text, font=font, fill=colour, anchor="mt")


def _option_marks(options: Sequence[Sequence[int]]) -> dict[int, list[str]]:
    """Card -> the tags to draw under it: the letters (A = option 0…) of the options
    taking it; when more than ``_MAX_TAGS`` options take it, or one past Z does, the
    first letters and ``+`` in the last place."""
    letters: dict[int, list[str]] = {}
    for index, option in enumerate(options):
        letter = chr(ord("A") + index) if index < 26 else "+"
        for card in dict.fromkeys(option):
            letters.setdefault(card, []).append(letter)
    marks = {}
    for card, tags in letters.items():
        if len(tags) > _MAX_TAGS or "+" in tags:
            shown = [tag for tag in tags if tag != "+"][: _MAX_TAGS - 1]
            tags = [*shown, "+"]
        marks[card] = tags
    return marks


def _table(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    table_cards: Sequence[int],
    deck: str,
    options: Sequence[Sequence[int]],
    ringed: int | None,
) -> None:
    """The table cards in rows of five, each with its number badge (1 for the first
    card given) across its top edge and the letters of the options taking it under it."""
    if not table_cards:
        _slot(d, _RAIL, _TOP)
    marks = _option_marks(options) if options else {}
    chip = _CHIP_W + _CHIP_GAP
    for i, card in enumerate(table_cards):
        row, col = divmod(i, _TABLE_PER_ROW)
        x, y = _RAIL + col * (_CW + _GAP), _TOP + row * _ROW_PITCH
        if card == ringed:
            _ring(d, x, y)
        _place(img, card, deck, x, y)
        _stamp(img, _number_badge(i + 1), x + _BADGE_X, y + _BADGE_Y)
        tags = marks.get(card, ())
        left = x + (_CW - len(tags) * chip + _CHIP_GAP) / 2 + _CHIP_W / 2
        for k, tag in enumerate(tags):
            _stamp(img, _letter_chip(tag), left + k * chip, y + _CH + 8 + _CHIP_H / 2)


def _piles(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    piles: Sequence[tuple[str, int | None]],
    deck: str,
    top: int,
    ringed: int | None,
) -> None:
    """Each player's pile top card (stacked look) with the name under it."""
    d.rounded_rectangle(
        (12, top - 10, BOARD_WIDTH - 13, top + _pile_rows(len(piles)) * _PILE_ROW_H),
        radius=14,
        fill=_FELT_DARK,
    )
    for i, (name, card) in enumerate(piles):
        row, col = divmod(i, _PILES_PER_ROW)
        x, y = _MARGIN + col * _PILE_PITCH, top + row * _PILE_ROW_H
        if card is None:
            _slot(d, x, y + 4)
        else:
            for off in (8, 4):
                d.rounded_rectangle(
                    (x + off, y + 8 - off, x + off + _CW - 1, y + 8 - off + _CH - 1),
                    radius=9,
                    fill=(225, 220, 205),
                    outline=_BORDER,
                    width=2,
                )
            if card == ringed:  # around the whole stack
                d.rounded_rectangle(
                    (x - 6, y - 6, x + _CW + 13, y + _CH + 13), radius=13, outline=_GOLD, width=4
                )
            _place(img, card, deck, x, y + 8)
        _name_label(d, img, name, x + _CW // 2 + 4, y + _CH + 18)


def board_png(
    table_cards: Sequence[int],
    deck: str,
    *,
    last_played: int | None = None,
    pile_tops: Sequence[tuple[str, int | None]] = (),
    options: Sequence[Sequence[int]] = (),
    played_label: str = "Played",
) -> bytes:
    """The board as PNG bytes, ``BOARD_WIDTH`` wide.

    ``table_cards`` fill rows of five, numbered 1, 2… in the order given (a badge
    across each card's top edge); ``options`` are the captures the player to act may
    choose, each the table cards it takes: option 0 is A, 1 is B…, and each card
    shows under it the letters of the options taking it. The left rail, labelled
    ``played_label``, holds ``last_played`` in a gold frame; when that card lies on
    the table or on top of a pile it is drawn there, ringed in gold, and the rail shows
    a gold arrow towards it instead. ``pile_tops`` (name, top card or None for an empty
    pile) form a darker band at the bottom.
    """
    _check_deck(deck)
    lies, ringed = "", None
    if last_played is not None:
        if last_played in table_cards:
            lies, ringed = "table", last_played
        elif any(top == last_played for _, top in pile_tops):
            lies, ringed = "pile", last_played
    rows = _table_rows(len(table_cards))
    table_h = max(_TOP + rows * _ROW_PITCH - _ROW_GAP + 14, _TOP + _CH + 48)
    height = table_h + (_pile_rows(len(pile_tops)) * _PILE_ROW_H + 8 if pile_tops else 0)
    img = _panel(BOARD_WIDTH, height).copy()
    d = ImageDraw.Draw(img)
    _rail(img, d, last_played, deck, played_label, lies)
    d.line([(_RAIL - 14, _TOP), (_RAIL - 14, table_h - 20)], fill=_FELT_DARK, width=3)
    _table(img, d, table_cards, deck, options, ringed if lies == "table" else None)
    if pile_tops:
        _piles(img, d, pile_tops, deck, table_h, ringed if lies == "pile" else None)
    return _png(img)


HAND_ROW = 5
"""Cards a row of a hand's picture holds, as a row of the panel's buttons: a ten-card
hand (Scopone) is two rows of five, big enough to read in a panel."""
_HAND_PITCH = _CH + 40
"""A row of the hand: the card and its number badge under it."""


def hand_size(count: int) -> tuple[int, int]:
    """Pixel size of ``hand_png`` for ``count`` cards (an empty hand is one slot wide)."""
    slots = min(max(1, count), HAND_ROW)
    rows = max(1, -(-count // HAND_ROW))
    return (2 * _MARGIN + slots * _CW + (slots - 1) * _GAP * 2, _MARGIN + rows * _HAND_PITCH)


def hand_png(hand: Sequence[int], deck: str) -> bytes:
    """The hand as PNG bytes: cards side by side in the order given, five to a row,
    each with a number badge 1, 2… under it, like the panel's buttons ("① 7 de oros")."""
    _check_deck(deck)
    width, height = hand_size(len(hand))
    img = _panel(width, height).copy()
    d = ImageDraw.Draw(img)
    if not hand:
        _slot(d, _MARGIN, _MARGIN)
    for i, card in enumerate(hand):
        row, column = divmod(i, HAND_ROW)
        x = _MARGIN + column * (_CW + 2 * _GAP)
        y = _MARGIN + row * _HAND_PITCH
        _place(img, card, deck, x, y)
        _stamp(img, _number_badge(i + 1), x + _CW / 2, y + _CH + 20)
    return _png(img)
