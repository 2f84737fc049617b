"""The review's picture: for each reviewed player, a bar per decision in match order,
as tall as the points it lost and coloured by its verdict, the key moments ringed in
gold, and the player's accuracy beside their name."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .encoding import _png
from .style import _GOLD, _WHITE, _font
from .text import _clean, _fit

CHART_WIDTH = 800
_ROW_H, _TOP, _LEFT, _RIGHT = 110, 14, 150, 16
_BAR_MAX_LOSS = 2.0
"""A loss this large (or more) fills the row's height."""
_BACKGROUND = (32, 34, 37)
_AXIS = (90, 94, 100)
VERDICT_COLOURS = {
    "best": (87, 187, 138, 255),
    "good": (150, 200, 120, 255),
    "inaccuracy": (240, 200, 80, 255),
    "mistake": (235, 140, 60, 255),
    "blunder": (220, 70, 70, 255),
    "forced": (120, 124, 130, 255),
}

Row = tuple[str, int, Sequence[tuple[float, str, bool]]]
"""A player's name, accuracy (%) and decisions: (points lost, verdict, key moment)."""


def review_png(rows: Sequence[Row]) -> bytes:
    """The chart as PNG bytes, ``CHART_WIDTH`` wide, one row per player."""
    height = _TOP * 2 + _ROW_H * max(1, len(rows))
    img = Image.new("RGB", (CHART_WIDTH, height), _BACKGROUND)
    d = ImageDraw.Draw(img)
    for index, row in enumerate(rows):
        _row(d, row, _TOP + index * _ROW_H)
    return _png(img)


def _row(d: ImageDraw.ImageDraw, row: Row, top: int) -> None:
    name, accuracy, decisions = row
    base = top + _ROW_H - 24
    d.text((12, top + 18), _fit(_clean(name), _font(20), _LEFT - 20), font=_font(20), fill=_WHITE)
    d.text((12, top + 48), f"{accuracy}%", font=_font(30), fill=_GOLD)
    d.line([(_LEFT, base), (CHART_WIDTH - _RIGHT, base)], fill=_AXIS, width=2)
    if not decisions:
        return
    pitch = (CHART_WIDTH - _RIGHT - _LEFT) / len(decisions)
    width = max(1.0, pitch * 0.7)
    for number, (loss, verdict, key) in enumerate(decisions):
        x = _LEFT + number * pitch
        tall = 4 + (_ROW_H - 40) * min(loss, _BAR_MAX_LOSS) / _BAR_MAX_LOSS
        d.rectangle((x, base - tall, x + width, base), fill=VERDICT_COLOURS[verdict])
        if key:
            d.ellipse(
                (x + width / 2 - 6, base - tall - 16, x + width / 2 + 6, base - tall - 4),
                outline=_GOLD,
                width=3,
            )


PODIUM_SIZE = (600, 260)
_STEPS = (
    (1, 300, 150, (255, 205, 60)),
    (2, 100, 105, (200, 205, 210)),
    (3, 500, 70, (205, 127, 50)),
)
"""Each place's block: its centre, its height and its colour (gold, silver, bronze)."""


def podium_png(names: Sequence[tuple[str, int | str]]) -> bytes:
    """The first three as PNG bytes: each name and its figure (a rating, points) on its
    block."""
    _, height = PODIUM_SIZE
    img = Image.new("RGB", PODIUM_SIZE, _BACKGROUND)
    d = ImageDraw.Draw(img)
    for (place, centre, tall, colour), (name, rating) in zip(_STEPS, names, strict=False):
        top = height - 16 - tall
        d.rectangle((centre - 90, top, centre + 90, height - 16), fill=colour)
        d.text((centre, top + tall / 2), str(place), font=_font(44), fill=_BACKGROUND, anchor="mm")
        label = _fit(_clean(name), _font(20), 190)
        d.text((centre, top - 40), label, font=_font(20), fill=_WHITE, anchor="mm")
        d.text((centre, top - 16), str(rating), font=_font(18), fill=_GOLD, anchor="mm")
    return _png(img)
