"""One card's picture: the rank and suit in two opposite corners, and pips or a framed
face figure in the centre; Spanish or French look by deck."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from ..games.cards import DECK_SIZE, DECKS, card_label
from .figures import _FRENCH_FACES, _SPANISH_FACES, _FigureFn
from .style import _BORDER, _CH, _CW, _K, CARD_SIZE, Colour, _font
from .symbols import _FRENCH_SYMBOLS, _PIP_SCALE, _PIP_SIZE, _PIPS, _SPANISH_SYMBOLS, _SymbolFn

_CREAM = (255, 251, 240, 255)

_SPANISH_INK = ((138, 88, 0), (179, 38, 30), (31, 78, 156), (46, 107, 46))
_FRENCH_INK = ((200, 16, 46), (200, 16, 46), (26, 26, 26), (26, 26, 26))
_FACE_TINT = ((255, 236, 170), (255, 214, 208), (210, 226, 250), (214, 238, 210))
_FRENCH_TINT = ((255, 222, 222), (255, 222, 222), (228, 228, 232), (228, 228, 232))


def _check_deck(deck: str) -> bool:
    """Validate ``deck``; True for the French-suit look, False for the Spanish one."""
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}: expected one of {', '.join(DECKS)}")
    return deck.startswith("french")


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
