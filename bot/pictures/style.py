"""What every picture shares: the card size, the drawing scale, common colours, the font."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

CARD_SIZE: tuple[int, int] = (100, 150)
"""Width and height of one card picture, in pixels."""

_K = 4  # cards are drawn this many times larger, then scaled down (anti-aliasing)
_CW, _CH = CARD_SIZE

_BORDER = (40, 40, 40, 255)
_GOLD = (255, 205, 60, 255)
_WHITE = (245, 245, 240, 255)

Point = tuple[float, float]
Colour = tuple[int, ...]


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``size`` pixels."""
    return ImageFont.load_default(size=size)
