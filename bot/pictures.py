"""Card pictures drawn with Pillow: single cards, the board and a hand, as PNG bytes.

All artwork is made here from Pillow shapes and its built-in font, so nothing is
downloaded. Two looks: Spanish suits (decks ``spanish`` and ``italian``) and
French suits (``french_faces`` and ``french_numeric``). Cards are cream on an
opaque felt panel, so the pictures read the same in Discord's dark and light themes.

``python -m bot.pictures --bench`` prints render timings as one JSON line;
``python -m bot.pictures --sample DIR`` writes a board and a hand per deck.
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

from .games.cards import DECK_SIZE, DECKS, card_label

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
_NAME_CHARS = 12

_CREAM = (255, 251, 240, 255)
_BORDER = (40, 40, 40, 255)
_FELT = (22, 101, 52, 255)
_FELT_DARK = (15, 76, 38, 255)
_FELT_LINE = (60, 140, 86, 255)
_GOLD = (255, 205, 60, 255)
_GOLD_DIM = (150, 150, 70, 255)
_WHITE = (245, 245, 240, 255)

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


# --- boards and hands ---------------------------------------------------------------------


@cache
def _panel(width: int, height: int) -> Image.Image:
    """A felt-green rounded panel (transparent only outside its rounded corners)."""
    panel = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(panel)
    d.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=18, fill=_FELT, outline=_FELT_DARK, width=3
    )
    return panel


def _slot(d: ImageDraw.ImageDraw, x: int, y: int, colour: Colour = _FELT_LINE) -> None:
    """A faint card outline: a free place or an empty pile."""
    d.rounded_rectangle((x, y, x + _CW - 1, y + _CH - 1), radius=9, outline=colour, width=3)


def _place(img: Image.Image, card: int, deck: str, x: int, y: int) -> None:
    picture = card_image(card, deck)
    img.alpha_composite(picture, (x, y))


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


def _glyph(char: str) -> bytes:
    """The bitmap of ``char`` in the 18 px built-in font."""
    img = Image.new("L", (28, 28))
    ImageDraw.Draw(img).text((2, 2), char, font=_font(18), fill=255)
    return img.tobytes()


@cache
def _has_glyph(char: str) -> bool:
    """Whether the built-in font draws ``char`` (it covers ASCII and a few marks)."""
    return char == " " or _glyph(char) != _glyph("\ue000")


def _short(name: str) -> str:
    """``name`` fit for the built-in font: accents folded, other unknown letters as ``?``,
    at most ``_NAME_CHARS`` characters."""
    folded = unicodedata.normalize("NFKD", " ".join(name.split()).translate(_FOLD))
    text = "".join(c if _has_glyph(c) else "?" for c in folded if not unicodedata.combining(c))
    return text if len(text) <= _NAME_CHARS else text[: _NAME_CHARS - 1] + "…"


def _table_rows(count: int) -> int:
    return max(1, -(-count // _TABLE_PER_ROW))


def _pile_rows(count: int) -> int:
    return -(-count // _PILES_PER_ROW)


_PILE_ROW_H = _CH + 8 + 30


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(img: Image.Image) -> bytes:
    """Encode an RGBA image as PNG with no row filter and fast zlib.

    Pillow's encoder spends most of its time choosing a filter per row; for flat
    artwork like this, no filter at zlib level 1 is about twice as fast, same size.
    """
    width, height = img.size
    raw, stride = img.tobytes(), width * 4
    rows = b"".join(b"\0" + raw[i : i + stride] for i in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows, 1))
        + _chunk(b"IEND", b"")
    )


def _last_played(img: Image.Image, d: ImageDraw.ImageDraw, card: int | None, deck: str) -> None:
    """The card just played, apart on the left in a gold frame under a gold marker."""
    x, y = _MARGIN, _MARGIN
    if card is None:
        _slot(d, x, y, _GOLD_DIM)
        return
    d.rounded_rectangle((x - 6, y - 6, x + _CW + 5, y + _CH + 5), radius=13, outline=_GOLD, width=4)
    _place(img, card, deck, x, y)
    m = x + _CW // 2
    bottom = y + _CH + 10
    d.polygon([(m, bottom), (m - 11, bottom + 13), (m + 11, bottom + 13)], fill=_GOLD)


def _piles(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    piles: Sequence[tuple[str, int | None]],
    deck: str,
    top: int,
) -> None:
    """Each player's pile top card (stacked look) with the name under it."""
    d.rounded_rectangle(
        (12, top - 10, BOARD_WIDTH - 13, top + _pile_rows(len(piles)) * _PILE_ROW_H),
        radius=14,
        fill=_FELT_DARK,
    )
    font = _font(18)
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
            _place(img, card, deck, x, y + 8)
        d.text((x + _CW // 2 + 4, y + _CH + 12), _short(name), font=font, fill=_WHITE, anchor="mt")


def board_png(
    table_cards: Sequence[int],
    deck: str,
    *,
    last_played: int | None = None,
    pile_tops: Sequence[tuple[str, int | None]] = (),
) -> bytes:
    """The board as PNG bytes, ``BOARD_WIDTH`` wide.

    The card just played sits apart on the left in a gold frame (an outline when
    None); table cards fill rows of five to its right; ``pile_tops`` (name, top card
    or None for an empty pile) form a darker band at the bottom.
    """
    _check_deck(deck)
    rows = _table_rows(len(table_cards))
    table_h = _MARGIN + rows * _CH + (rows - 1) * _GAP + _MARGIN
    table_h = max(table_h, _MARGIN + _CH + 24 + _MARGIN // 2)
    height = table_h + (_pile_rows(len(pile_tops)) * _PILE_ROW_H + 8 if pile_tops else 0)
    img = _panel(BOARD_WIDTH, height).copy()
    d = ImageDraw.Draw(img)
    _last_played(img, d, last_played, deck)
    d.line([(_RAIL - 14, _MARGIN), (_RAIL - 14, table_h - _MARGIN)], fill=_FELT_DARK, width=3)
    if not table_cards:
        _slot(d, _RAIL, _MARGIN)
    for i, card in enumerate(table_cards):
        row, col = divmod(i, _TABLE_PER_ROW)
        _place(img, card, deck, _RAIL + col * (_CW + _GAP), _MARGIN + row * (_CH + _GAP))
    if pile_tops:
        _piles(img, d, pile_tops, deck, table_h)
    return _png(img)


def hand_size(count: int) -> tuple[int, int]:
    """Pixel size of ``hand_png`` for ``count`` cards (an empty hand is one slot wide)."""
    slots = max(1, count)
    return (2 * _MARGIN + slots * _CW + (slots - 1) * _GAP * 2, _MARGIN + _CH + 40)


def hand_png(hand: Sequence[int], deck: str) -> bytes:
    """The hand as PNG bytes: cards side by side, numbered 1..n under them like the buttons."""
    _check_deck(deck)
    width, height = hand_size(len(hand))
    img = _panel(width, height).copy()
    d = ImageDraw.Draw(img)
    if not hand:
        _slot(d, _MARGIN, _MARGIN)
    font = _font(24)
    for i, card in enumerate(hand):
        x = _MARGIN + i * (_CW + 2 * _GAP)
        _place(img, card, deck, x, _MARGIN)
        m, y = x + _CW // 2, _MARGIN + _CH + 20
        d.ellipse((m - 15, y - 15, m + 15, y + 15), fill=_FELT_DARK, outline=_WHITE, width=2)
        d.text(
            (m, y),
            str(i + 1),
            font=font,
            fill=_WHITE,
            anchor="mm",
            stroke_width=1,
            stroke_fill=_WHITE,
        )
    return _png(img)


# --- command line -------------------------------------------------------------------------


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _bench(renders: int) -> dict[str, float | int]:
    """Warm the card cache, then time board and hand renders in milliseconds."""
    for deck in DECKS:
        for card in range(DECK_SIZE):
            card_image(card, deck)
    boards, hands = [], []
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
        hand_png(table[:3], deck)
        hands.append((time.perf_counter() - start) * 1000)
    return {
        "board_ms_p50": round(_percentile(boards, 0.5), 2),
        "board_ms_p95": round(_percentile(boards, 0.95), 2),
        "hand_ms_p50": round(_percentile(hands, 0.5), 2),
        "cards": DECK_SIZE,
        "decks": len(DECKS),
    }


def _samples(directory: Path) -> list[Path]:
    """Write one board and one hand per deck into ``directory``; return their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for deck in DECKS:
        board = board_png(
            [0, 14, 27, 39, 7, 18, 33],
            deck,
            last_played=9,
            pile_tops=(("Ana María López", 28), ("Bot", None), ("Zoë", 6)),
        )
        hand = hand_png([8, 16, 35], deck)
        for kind, data in (("board", board), ("hand", hand)):
            path = directory / f"{kind}_{deck}.png"
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
    parser.add_argument(
        "--sample", type=Path, metavar="DIR", help="write a board and a hand per deck"
    )
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
