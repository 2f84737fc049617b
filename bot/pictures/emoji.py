"""A card as a Discord emoji: a small card with its rank large over its suit, drawn to be
read at text size (about 22 pixels), where the full card picture would be a blur."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from ..games.cards import DECK_SIZE, card_label
from .art import _FRENCH_INK, _SPANISH_INK, _check_deck
from .style import _BORDER, _K, _font
from .symbols import _FRENCH_SYMBOLS, _SPANISH_SYMBOLS

EMOJI_SIZE = 128
"""Discord's emoji size: a square, shown scaled down in text."""
_CREAM = (255, 251, 240, 255)


@cache
def card_emoji_png(card: int, deck: str) -> bytes:
    """The PNG of ``card``'s emoji in ``deck`` (RGBA, transparent around the card)."""
    french = _check_deck(deck)
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"card {card} is not in 0..{DECK_SIZE - 1}")
    suit = card // 10
    label = card_label(card, deck)
    rank = label[:-1] if french else label[0]
    ink = (_FRENCH_INK if french else _SPANISH_INK)[suit]
    symbol = (_FRENCH_SYMBOLS if french else _SPANISH_SYMBOLS)[suit]
    side = EMOJI_SIZE * _K
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle(
        (16 * _K, 2 * _K, 112 * _K, 126 * _K),
        radius=14 * _K,
        fill=_CREAM,
        outline=_BORDER,
        width=5 * _K,
    )
    font = _font((64 if len(rank) == 1 else 52) * _K)
    d.text(
        (64 * _K, 40 * _K),
        rank,
        font=font,
        fill=ink,
        anchor="mm",
        stroke_width=2 * _K,
        stroke_fill=ink,
    )
    symbol(d, 64 * _K, 93 * _K, 44 * _K, ink)
    small = big.resize((EMOJI_SIZE, EMOJI_SIZE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()
