"""Card pictures drawn with Pillow: single cards, the board and a hand, as PNG bytes.

All artwork is made here from Pillow shapes and its built-in font, so nothing is
downloaded. Two looks: Spanish suits (decks ``spanish`` and ``italian``) and
French suits (``french_faces`` and ``french_numeric``). Cards are cream on an
opaque felt panel, so the pictures read the same in Discord's dark and light themes.

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

``python -m bot.pictures --bench`` prints render timings as one JSON line;
``python -m bot.pictures --sample DIR`` writes a board and a hand per deck, and
boards showing a card laid on the table, one captured onto a pile, twenty options
and an empty table.
"""

from __future__ import annotations

import argparse
import json
import struct
import time
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..games.cards import DECK_SIZE, DECKS, card_label

CARD_SIZE: tuple[int, int] = (100, 150)
"""Width and height of one card picture, in pixels."""

BOARD_WIDTH = 720
"""Fixed width of a board picture; its height grows with the rows of cards."""

_K = 4  # cards are drawn this many times larger, then scaled down (anti-aliasing)
_CW, _CH = CARD_SIZE
_GAP = 12
_MARGIN = 24
_TABLE_PER_ROW = 5
_RAIL = _MARGIN + _CW + 28  # x where the table area starts, right of the last-played rail
_PILE_PITCH = 132
_PILES_PER_ROW = (BOARD_WIDTH - 2 * _MARGIN - _CW - 12) // _PILE_PITCH + 1
_TOP = _MARGIN + 14  # top of the first row of cards: room for their number badges
_BADGE = 30  # diameter of a number badge
_BADGE_X, _BADGE_Y = 52, -2  # its centre on a table card: on the top edge, between
# the rank and the suit (columns 37..68 of the top 16 rows carry no ink on any card)
_CHIP_W, _CHIP_H, _CHIP_GAP = 24, 26, 2  # an option's letter tag
_MAX_TAGS = 4  # tags under a card: up to four letters, else three and "+"
_ROW_GAP = 22  # between a row's letter tags and the next row's badges
_ROW_PITCH = _CH + 8 + _CHIP_H + _ROW_GAP

_CREAM = (255, 251, 240, 255)
_BORDER = (40, 40, 40, 255)
_FELT = (22, 101, 52, 255)
_FELT_DARK = (15, 76, 38, 255)
_FELT_LINE = (60, 140, 86, 255)
_GOLD = (255, 205, 60, 255)
_GOLD_DIM = (150, 150, 70, 255)
_WHITE = (245, 245, 240, 255)
_BADGE_INK = (12, 56, 30, 255)
_KEY = (14, 75, 37)  # transparent in the PNGs: only outside the panel's corners (no
# drawing, blend or resampling here makes it: it reads as the felt's edge if ignored)
_CHIP_LINE = (110, 70, 0, 255)
_CHIP_TEXT = (45, 30, 0, 255)

_SPANISH_INK = ((138, 88, 0), (179, 38, 30), (31, 78, 156), (46, 107, 46))
_FRENCH_INK = ((200, 16, 46), (200, 16, 46), (26, 26, 26), (26, 26, 26))
_FACE_TINT = ((255, 236, 170), (255, 214, 208), (210, 226, 250), (214, 238, 210))
_FRENCH_TINT = ((255, 222, 222), (255, 222, 222), (228, 228, 232), (228, 228, 232))

Point = tuple[float, float]
Colour = tuple[int, ...]


def _check_deck(deck: str) -> bool:
    """Validate ``deck``; True for the French-suit look, False for the Spanish one."""
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}: expected one of {', '.join(DECKS)}")
    return deck.startswith("french")


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's built-in font at ``size`` pixels."""
    return ImageFont.load_default(size=size)


# --- suit symbols: each draws a symbol centred on (x, y), about ``s`` high ---------------


def _diamond(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    h, w = s / 2, s * 0.38
    d.polygon([(x, y - h), (x + w, y), (x, y + h), (x - w, y)], fill=ink)


def _heart(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.25
    for cx in (x - s * 0.22, x + s * 0.22):
        d.ellipse((cx - r, y - s * 0.42, cx + r, y - s * 0.42 + 2 * r), fill=ink)
    d.polygon(
        [(x - s * 0.465, y - s * 0.12), (x + s * 0.465, y - s * 0.12), (x, y + s * 0.46)], fill=ink
    )


def _spade(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.23
    for cx in (x - s * 0.21, x + s * 0.21):
        d.ellipse((cx - r, y - s * 0.05 - r, cx + r, y - s * 0.05 + r), fill=ink)
    d.polygon(
        [(x - s * 0.435, y - s * 0.02), (x + s * 0.435, y - s * 0.02), (x, y - s * 0.5)], fill=ink
    )
    d.polygon([(x, y), (x + s * 0.16, y + s * 0.48), (x - s * 0.16, y + s * 0.48)], fill=ink)


def _club(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.2
    for cx, cy in ((x, y - s * 0.27), (x - s * 0.25, y + s * 0.05), (x + s * 0.25, y + s * 0.05)):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    d.ellipse((x - r * 0.7, y - s * 0.12 - r * 0.7, x + r * 0.7, y - s * 0.12 + r * 0.7), fill=ink)
    d.polygon(
        [(x, y - s * 0.05), (x + s * 0.16, y + s * 0.48), (x - s * 0.16, y + s * 0.48)], fill=ink
    )


def _coin(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r, w = s * 0.46, max(1, round(s * 0.05))
    d.ellipse((x - r, y - r, x + r, y + r), fill=(242, 190, 40), outline=(138, 88, 0), width=w)
    q = r * 0.68
    d.ellipse((x - q, y - q, x + q, y + q), fill=(250, 214, 90), outline=(170, 110, 0), width=w)
    c = r * 0.22
    d.ellipse((x - c, y - c, x + c, y + c), fill=(200, 50, 40))


def _cup(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    gold, red, dark = (232, 178, 30), (198, 40, 40), (110, 20, 20)
    w = max(1, round(s * 0.04))
    bowl = (x - s * 0.34, y - s * 0.78, x + s * 0.34, y + s * 0.08)
    d.chord(bowl, 0, 180, fill=red, outline=dark, width=w)
    d.ellipse(
        (x - s * 0.36, y - s * 0.44, x + s * 0.36, y - s * 0.26), fill=gold, outline=dark, width=w
    )
    d.rectangle(
        (x - s * 0.055, y + s * 0.04, x + s * 0.055, y + s * 0.36), fill=gold, outline=dark, width=w
    )
    d.ellipse(
        (x - s * 0.11, y + s * 0.12, x + s * 0.11, y + s * 0.24), fill=gold, outline=dark, width=w
    )
    d.chord(
        (x - s * 0.26, y + s * 0.3, x + s * 0.26, y + s * 0.6),
        180,
        360,
        fill=gold,
        outline=dark,
        width=w,
    )


def _sword(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    steel, dark, hilt = (96, 148, 220), (18, 52, 120), (200, 150, 40)
    w = max(1, round(s * 0.035))
    b = s * 0.075
    blade = [
        (x, y - s * 0.5),
        (x + b, y - s * 0.36),
        (x + b, y + s * 0.17),
        (x - b, y + s * 0.17),
        (x - b, y - s * 0.36),
    ]
    d.polygon(blade, fill=steel, outline=dark, width=w)
    d.line([(x, y - s * 0.42), (x, y + s * 0.13)], fill=dark, width=w)
    d.rounded_rectangle(
        (x - s * 0.27, y + s * 0.15, x + s * 0.27, y + s * 0.23),
        radius=s * 0.04,
        fill=hilt,
        outline=dark,
        width=w,
    )
    d.rectangle(
        (x - s * 0.05, y + s * 0.23, x + s * 0.05, y + s * 0.4),
        fill=(30, 60, 130),
        outline=dark,
        width=w,
    )
    p = s * 0.065
    d.ellipse((x - p, y + s * 0.4, x + p, y + s * 0.4 + 2 * p), fill=hilt, outline=dark, width=w)


def _baton(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    wood, dark, leaf = (150, 92, 40), (80, 45, 15), (56, 142, 60)
    w = max(1, round(s * 0.035))
    trunk = [
        (x - s * 0.17, y - s * 0.46),
        (x + s * 0.17, y - s * 0.46),
        (x + s * 0.07, y + s * 0.48),
        (x - s * 0.07, y + s * 0.48),
    ]
    d.polygon(trunk, fill=wood, outline=dark, width=w)
    d.ellipse(
        (x - s * 0.17, y - s * 0.52, x + s * 0.17, y - s * 0.4),
        fill=(190, 130, 70),
        outline=dark,
        width=w,
    )
    k = s * 0.06
    for i, (side, ky) in enumerate(((-1, -0.25), (1, -0.08), (-1, 0.1), (1, 0.27))):
        kx = x + side * s * (0.15 - 0.03 * i)
        d.ellipse(
            (kx - k, y + ky * s - k, kx + k, y + ky * s + k), fill=wood, outline=dark, width=w
        )
    d.ellipse(
        (x + s * 0.1, y - s * 0.36, x + s * 0.34, y - s * 0.24),
        fill=leaf,
        outline=(20, 80, 25),
        width=w,
    )
    d.ellipse(
        (x - s * 0.32, y - s * 0.02, x - s * 0.1, y + s * 0.1),
        fill=leaf,
        outline=(20, 80, 25),
        width=w,
    )


_SymbolFn = Callable[[ImageDraw.ImageDraw, float, float, float, Colour], None]
_SPANISH_SYMBOLS: tuple[_SymbolFn, ...] = (_coin, _cup, _sword, _baton)
_FRENCH_SYMBOLS: tuple[_SymbolFn, ...] = (_diamond, _heart, _spade, _club)
_PIP_SCALE = {_sword: 1.18, _baton: 1.15, _cup: 1.05}  # narrow symbols: taller small pips

# Pip positions for 1..10 pips, in halves of the centre box (u across, v down), and
# the pip size for each count. Rows of 2-3-2, 3-3-3, 3-4-3… keep pips large.
_ROW3 = (-0.72, 0.0, 0.72)
_PIPS: tuple[tuple[Point, ...], ...] = (
    ((0, 0),),
    ((0, -0.5), (0, 0.5)),
    ((0, -0.55), (-0.55, 0.5), (0.55, 0.5)),
    ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    ((-0.6, -0.55), (0.6, -0.55), (0, 0), (-0.6, 0.55), (0.6, 0.55)),
    tuple((u, v) for v in (-0.5, 0.5) for u in _ROW3),
    ((-0.4, -0.64), (0.4, -0.64), *((u, 0) for u in _ROW3), (-0.4, 0.64), (0.4, 0.64)),
    (*((u, -0.64) for u in _ROW3), (-0.4, 0), (0.4, 0), *((u, 0.64) for u in _ROW3)),
    tuple((u, v) for v in (-0.64, 0, 0.64) for u in _ROW3),
    (
        *((u, -0.64) for u in _ROW3),
        *((u, 0) for u in (-0.78, -0.26, 0.26, 0.78)),
        *((u, 0.64) for u in _ROW3),
    ),
)
_PIP_SIZE = (62, 34, 30, 30, 26, 26, 23, 23, 23, 20)


# --- face figures: each draws a figure in a square box (x0, y0, side) --------------------

_SKIN = (250, 215, 180)
_CROWN = (240, 190, 40)
_HAIR = (150, 95, 40)


def _head(d: ImageDraw.ImageDraw, x: float, y: float, r: float, line: int) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=_SKIN, outline=_BORDER, width=line)
    e = r * 0.12
    for ex in (x - r * 0.35, x + r * 0.35):
        d.ellipse((ex - e, y - r * 0.15 - e, ex + e, y - r * 0.15 + e), fill=_BORDER)


def _scaler(x0: float, y0: float, side: float) -> Callable[[float, float], Point]:
    def p(u: float, v: float) -> Point:
        return (x0 + u * side, y0 + v * side)

    return p


def _shoulders(
    d: ImageDraw.ImageDraw, p: Callable[[float, float], Point], half: float, ink: Colour, line: int
) -> None:
    """A robe: the top half of an ellipse resting on the bottom of the box."""
    d.chord(
        (*p(0.5 - half, 0.68), *p(0.5 + half, 1.32)),
        180,
        360,
        fill=ink,
        outline=_BORDER,
        width=line,
    )


def _page(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A young bust in a feathered beret: Sota, Fante, Jack."""
    p, line = _scaler(*box), max(1, round(box[2] * 0.03))
    _shoulders(d, p, 0.3, ink, line)
    for u in (0.4, 0.5, 0.6):
        d.line([p(u, 0.72), p(u, 1.0)], fill=tint, width=line * 2)
    _head(d, *p(0.5, 0.5), box[2] * 0.15, line)
    d.line([p(0.6, 0.36), p(0.9, 0.08)], fill=(255, 255, 255), width=line * 5)
    d.line([p(0.6, 0.36), p(0.9, 0.08)], fill=_BORDER, width=line)
    d.ellipse((*p(0.26, 0.26), *p(0.72, 0.44)), fill=ink, outline=_BORDER, width=line)


def _queen(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bust with long hair and a small tiara: Queen."""
    p, line = _scaler(*box), max(1, round(box[2] * 0.03))
    d.rounded_rectangle(
        (*p(0.3, 0.3), *p(0.7, 0.84)), radius=box[2] * 0.18, fill=_HAIR, outline=_BORDER, width=line
    )
    _shoulders(d, p, 0.28, ink, line)
    d.arc((*p(0.38, 0.62), *p(0.62, 0.86)), 20, 160, fill=_CROWN, width=line * 2)
    _head(d, *p(0.5, 0.5), box[2] * 0.15, line)
    tiara = [
        p(0.34, 0.4),
        p(0.36, 0.24),
        p(0.43, 0.32),
        p(0.5, 0.16),
        p(0.57, 0.32),
        p(0.64, 0.24),
        p(0.66, 0.4),
    ]
    d.polygon(tiara, fill=_CROWN, outline=_BORDER, width=line)


def _king(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bearded bust under a large jewelled crown: Rey, Re, King."""
    p, line, side = _scaler(*box), max(1, round(box[2] * 0.03)), box[2]
    _shoulders(d, p, 0.36, ink, line)
    d.rounded_rectangle(
        (*p(0.28, 0.68), *p(0.72, 0.8)),
        radius=side * 0.05,
        fill=(255, 255, 255),
        outline=_BORDER,
        width=line,
    )
    for u in (0.36, 0.5, 0.64):
        d.rectangle((*p(u - 0.015, 0.72), *p(u + 0.015, 0.76)), fill=_BORDER)
    _head(d, *p(0.5, 0.52), side * 0.15, line)
    d.chord(
        (*p(0.35, 0.4), *p(0.65, 0.74)), 0, 180, fill=(120, 80, 45), outline=_BORDER, width=line
    )
    crown = [
        p(0.3, 0.4),
        p(0.26, 0.08),
        p(0.39, 0.22),
        p(0.5, 0.02),
        p(0.61, 0.22),
        p(0.74, 0.08),
        p(0.7, 0.4),
    ]
    d.polygon(crown, fill=_CROWN, outline=_BORDER, width=line)
    j = side * 0.04
    for u, colour in ((0.38, (200, 30, 40)), (0.5, (30, 90, 200)), (0.62, (200, 30, 40))):
        x, y = p(u, 0.32)
        d.ellipse((x - j, y - j, x + j, y + j), fill=colour)


def _knight(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bridled horse head over a caparison: Caballo, Cavallo."""
    p, line, side = _scaler(*box), max(1, round(box[2] * 0.03)), box[2]
    mane = [
        (0.54, 0.02),
        (0.63, 0.16),
        (0.76, 0.32),
        (0.86, 0.62),
        (0.9, 0.9),
        (0.98, 0.9),
        (0.94, 0.58),
        (0.82, 0.26),
        (0.66, 0.08),
    ]
    d.polygon([p(u, v) for u, v in mane], fill=(70, 45, 20), outline=_BORDER, width=line)
    head = [
        (0.54, 0.0),
        (0.63, 0.16),
        (0.76, 0.32),
        (0.86, 0.62),
        (0.9, 0.9),
        (0.38, 0.9),
        (0.44, 0.74),
        (0.4, 0.6),
        (0.28, 0.7),
        (0.14, 0.7),
        (0.07, 0.62),
        (0.12, 0.5),
        (0.3, 0.26),
        (0.47, 0.12),
    ]
    d.polygon([p(u, v) for u, v in head], fill=(196, 140, 84), outline=_BORDER, width=line)
    d.line(
        [p(0.14, 0.52), p(0.46, 0.3), p(0.56, 0.54), p(0.24, 0.68)],
        fill=ink,
        width=line * 2,
        joint="curve",
    )
    e = side * 0.04
    x, y = p(0.4, 0.3)
    d.ellipse((x - e, y - e, x + e, y + e), fill=_BORDER)
    d.rectangle((*p(0.3, 0.84), *p(0.96, 1.0)), fill=ink, outline=_BORDER, width=line)
    d.line([p(0.32, 0.9), p(0.94, 0.9)], fill=tint, width=line * 2)


_FigureFn = Callable[[ImageDraw.ImageDraw, tuple[float, float, float], Colour, Colour], None]
_SPANISH_FACES: tuple[_FigureFn, ...] = (_page, _knight, _king)
_FRENCH_FACES: tuple[_FigureFn, ...] = (_page, _queen, _king)


# --- whole cards --------------------------------------------------------------------------
# Layout (card pixels): an index band on top (rank left, suit right) and its mirror at
# the bottom; pips or a framed figure in the centre box.

_CENTRE = (50, 75, 42, 37)  # x, y, half width, half height


def _index(d: ImageDraw.ImageDraw, rank: str, ink: Colour, symbol: _SymbolFn) -> None:
    """The rank, large, top-left and the suit symbol top-right."""
    font = _font((28 if len(rank) == 1 else 26) * _K)
    d.text(
        (7 * _K, 5 * _K), rank, font=font, fill=ink, anchor="lt", stroke_width=_K, stroke_fill=ink
    )
    symbol(d, 81 * _K, 19 * _K, 24 * _K, ink)


def _pips(d: ImageDraw.ImageDraw, count: int, ink: Colour, symbol: _SymbolFn) -> None:
    """``count`` suit symbols in the centre box."""
    x, y, hw, hh = (v * _K for v in _CENTRE)
    size = _PIP_SIZE[count - 1] * _K * (_PIP_SCALE.get(symbol, 1.0) if count >= 5 else 1.0)
    for u, v in _PIPS[count - 1]:
        symbol(d, x + u * hw, y + v * hh, size, ink)


def _face(d: ImageDraw.ImageDraw, figure: _FigureFn, ink: Colour, tint: Colour) -> None:
    """A tinted frame filling the centre box, with the figure in it."""
    x, y, hw, hh = _CENTRE
    frame = ((x - hw) * _K, (y - hh) * _K, (x + hw) * _K, (y + hh) * _K)
    d.rounded_rectangle(frame, radius=6 * _K, fill=tint, outline=ink, width=2 * _K)
    side = 2 * hh - 4
    figure(d, ((x - side / 2) * _K, (y - hh + 2) * _K, side * _K), ink, tint)


@cache
def card_image(card: int, deck: str) -> Image.Image:
    """The RGBA picture of ``card`` in ``deck``, ``CARD_SIZE`` big. Cached: do not mutate it."""
    french = _check_deck(deck)
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"card {card} is not in 0..{DECK_SIZE - 1}")
    suit, rank_index = divmod(card, 10)
    label = card_label(card, deck)
    rank = label[:-1] if french else label[0]
    ink = (_FRENCH_INK if french else _SPANISH_INK)[suit]
    symbol = (_FRENCH_SYMBOLS if french else _SPANISH_SYMBOLS)[suit]
    big = Image.new("RGBA", (_CW * _K, _CH * _K), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    box = (0, 0, _CW * _K - 1, _CH * _K - 1)
    d.rounded_rectangle(box, radius=9 * _K, fill=_CREAM, outline=_BORDER, width=5 * _K // 2)
    _index(d, rank, ink, symbol)
    big = big.transpose(Image.Transpose.ROTATE_180)
    d = ImageDraw.Draw(big)
    _index(d, rank, ink, symbol)
    big = big.transpose(Image.Transpose.ROTATE_180)
    d = ImageDraw.Draw(big)
    if rank_index < 7 or deck == "french_numeric":
        _pips(d, rank_index + 1, ink, symbol)
    else:
        figure = (_FRENCH_FACES if french else _SPANISH_FACES)[rank_index - 7]
        _face(d, figure, ink, (_FRENCH_TINT if french else _FACE_TINT)[suit])
    return big.resize(CARD_SIZE, Image.Resampling.LANCZOS)


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


# --- badges, letters and marks: drawn _K times larger, scaled down, cached ----------------


def _centred(
    d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int, fill: Colour
) -> None:
    """``text`` in bold (a thin stroke) with its ink centred on (cx, cy)."""
    font, stroke = _font(size), max(1, size // 22)
    left, top, right, bottom = d.textbbox((0, 0), text, font=font, anchor="lt", stroke_width=stroke)
    d.text(
        (cx - (left + right) / 2, cy - (top + bottom) / 2),
        text,
        font=font,
        fill=fill,
        anchor="lt",
        stroke_width=stroke,
        stroke_fill=fill,
    )


def _small(
    width: int, height: int, draw: Callable[[ImageDraw.ImageDraw, int, int], None]
) -> Image.Image:
    """A ``width`` x ``height`` RGBA mark: ``draw`` paints it _K times larger."""
    big = Image.new("RGBA", (width * _K, height * _K), (0, 0, 0, 0))
    draw(ImageDraw.Draw(big), width * _K, height * _K)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@cache
def _number_badge(number: int) -> Image.Image:
    """A round badge with ``number`` (①, ②…): a table card's or a hand card's number."""
    text = str(number)

    def draw(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
        d.ellipse((0, 0, w - 1, h - 1), fill=_BADGE_INK, outline=_WHITE, width=5 * _K // 2)
        _centred(d, w / 2, h / 2, text, (19 if len(text) < 2 else 16) * _K, _WHITE)

    return _small(_BADGE, _BADGE, draw)


@cache
def _letter_chip(text: str) -> Image.Image:
    """A gold tag with an option's letter (A, B…), or ``+`` for more options."""

    def draw(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
        d.rounded_rectangle(
            (0, 0, w - 1, h - 1), radius=5 * _K, fill=_GOLD, outline=_CHIP_LINE, width=3 * _K // 2
        )
        _centred(d, w / 2, h / 2, text, 19 * _K, _CHIP_TEXT)

    return _small(_CHIP_W, _CHIP_H, draw)


@cache
def _arrow(direction: str) -> Image.Image:
    """A gold arrow pointing ``right`` or ``down``: the card just played lies there."""

    def draw(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
        c, t = w / 2, w * 0.12
        d.rectangle((w * 0.1, c - t, w * 0.55, c + t), fill=_GOLD)
        d.polygon([(w * 0.5, h * 0.2), (w * 0.92, c), (w * 0.5, h * 0.8)], fill=_GOLD)

    right = _small(44, 44, draw)
    return right if direction == "right" else right.transpose(Image.Transpose.ROTATE_270)


@cache
def _robot() -> Image.Image:
    """A small robot head, drawn before the name of a player shown as "🤖 name"."""

    def draw(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
        line, dark, face = 2 * _K, (20, 30, 40), (214, 226, 236)
        u = w / 20
        d.line([(10 * u, 1.5 * u), (10 * u, 6 * u)], fill=face, width=line)
        d.ellipse((8 * u, 0, 12 * u, 4 * u), fill=(240, 90, 80))
        d.rounded_rectangle((0, 9 * u, 3 * u, 15 * u), radius=u, fill=face)
        d.rounded_rectangle((17 * u, 9 * u, 20 * u, 15 * u), radius=u, fill=face)
        d.rounded_rectangle(
            (2 * u, 5 * u, 18 * u, 19.5 * u), radius=4 * u, fill=face, outline=dark, width=line
        )
        for ex in (7 * u, 13 * u):
            d.ellipse((ex - 2 * u, 9 * u, ex + 2 * u, 13 * u), fill=(30, 130, 200))
        d.rounded_rectangle((6.5 * u, 15 * u, 13.5 * u, 16.6 * u), radius=u / 2, fill=dark)

    return _small(20, 20, draw)


# --- names and labels: text the built-in font can draw ------------------------------------

_FOLD = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "đ": "d",
        "Đ": "D",
        "ı": "i",
        "þ": "th",
    }
)
_BOT_MARK = "\N{ROBOT FACE}"


def _glyph(char: str) -> bytes:
    """The bitmap of ``char`` in the 18 px built-in font."""
    img = Image.new("L", (28, 28))
    ImageDraw.Draw(img).text((2, 2), char, font=_font(18), fill=255)
    return img.tobytes()


@cache
def _has_glyph(char: str) -> bool:
    """Whether the built-in font draws ``char`` (it covers ASCII and a few marks)."""
    return char == " " or _glyph(char) != _glyph("\ue000")


@cache
def _clean(text: str) -> str:
    """``text`` fit for the built-in font: accents folded, emoji and other symbols,
    joiners and variation selectors dropped, letters it cannot draw (Cyrillic, CJK…)
    kept as ``?`` so a name does not vanish; spaces collapsed."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    kept = []
    for char in folded:
        if _has_glyph(char):
            kept.append(char)
        elif unicodedata.category(char)[0] in "LN":
            kept.append("?")
        elif char.isspace():
            kept.append(" ")
    return " ".join("".join(kept).split())


def _fit(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, cut with ``…`` when it is wider than ``width`` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


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


# --- boards and hands ---------------------------------------------------------------------


def _table_rows(count: int) -> int:
    return max(1, -(-count // _TABLE_PER_ROW))


def _pile_rows(count: int) -> int:
    return -(-count // _PILES_PER_ROW)


_PILE_ROW_H = _CH + 8 + 34


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(img: Image.Image) -> bytes:
    """Encode an RGB image as PNG, ``_KEY`` transparent, with no row filter and fast zlib.

    Pillow's encoder spends most of its time choosing a filter per row; for flat
    artwork like this, no filter at zlib level 1 is about twice as fast, same size.
    RGB with one transparent colour (the panel's corners, a tRNS chunk) instead of
    RGBA: a quarter fewer bytes to compress.
    """
    width, height = img.size
    raw, stride = img.tobytes(), width * 3
    rows = b"".join(b"\0" + raw[i : i + stride] for i in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"tRNS", struct.pack(">HHH", *_KEY))
        + _chunk(b"IDAT", zlib.compress(rows, 1))
        + _chunk(b"IEND", b"")
    )


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


def hand_size(count: int) -> tuple[int, int]:
    """Pixel size of ``hand_png`` for ``count`` cards (an empty hand is one slot wide)."""
    slots = max(1, count)
    return (2 * _MARGIN + slots * _CW + (slots - 1) * _GAP * 2, _MARGIN + _CH + 40)


def hand_png(hand: Sequence[int], deck: str) -> bytes:
    """The hand as PNG bytes: cards side by side in the order given, each with a number
    badge 1, 2… under it, like the panel's buttons ("① 7 de oros")."""
    _check_deck(deck)
    width, height = hand_size(len(hand))
    img = _panel(width, height).copy()
    d = ImageDraw.Draw(img)
    if not hand:
        _slot(d, _MARGIN, _MARGIN)
    for i, card in enumerate(hand):
        x = _MARGIN + i * (_CW + 2 * _GAP)
        _place(img, card, deck, x, _MARGIN)
        _stamp(img, _number_badge(i + 1), x + _CW / 2, _MARGIN + _CH + 20)
    return _png(img)


# --- command line -------------------------------------------------------------------------


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
        prog="python -m bot.pictures", description=__doc__.splitlines()[0]
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


if __name__ == "__main__":
    main()
