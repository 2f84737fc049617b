"""The small marks placed on boards and hands: number badges, option letter tags, the
arrow towards the card just played and the robot head; each drawn _K times larger,
scaled down and cached."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from .style import _GOLD, _K, _WHITE, Colour, _font

_BADGE = 30  # diameter of a number badge
_CHIP_W, _CHIP_H = 24, 26  # an option's letter tag

_BADGE_INK = (12, 56, 30, 255)
_CHIP_LINE = (110, 70, 0, 255)
_CHIP_TEXT = (45, 30, 0, 255)


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
