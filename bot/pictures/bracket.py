"""A knock-out's bracket: a column per round, a box per match with its two entrants,
the winner in gold; the rounds run left to right to the final."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .encoding import _png
from .style import _GOLD, _WHITE, _font
from .text import _clean, _fit

Match = tuple[str, str, int | None]
"""The two entrants' names (``""``: not known yet) and the winner's side (0, 1) or None."""

COLUMN, BOX_W, BOX_H, GAP = 230, 200, 52, 12
SHOWN_ROUNDS = 4
"""The picture shows four rounds at most (16 entrants); the text lists the rest."""
_BACKGROUND = (32, 34, 37)
_BOX = (54, 57, 63)
_LINE = (110, 114, 120)
_DIM = (150, 154, 160, 255)


def bracket_png(
    rounds: Sequence[Sequence[Match]], titles: Sequence[str], current: int = 0
) -> bytes:
    """The bracket as PNG bytes: ``rounds`` first to final, each titled, those not
    played yet with their slots empty until decided. Of more than ``SHOWN_ROUNDS``, those
    from the ``current`` one (index) are drawn, or the last ``SHOWN_ROUNDS``."""
    start = min(current, max(len(rounds) - SHOWN_ROUNDS, 0))
    shown = list(rounds[start : start + SHOWN_ROUNDS])
    titles = list(titles[start : start + SHOWN_ROUNDS])
    first = max(1, len(shown[0]) if shown else 1)
    height = 40 + first * (BOX_H + GAP)
    img = Image.new("RGB", (20 + COLUMN * len(shown), height), _BACKGROUND)
    d = ImageDraw.Draw(img)
    slot = (height - 40) / first
    for column, (matches, title) in enumerate(zip(shown, titles, strict=True)):
        x = 10 + column * COLUMN
        d.text((x + BOX_W / 2, 18), title, font=_font(18), fill=_GOLD, anchor="mm")
        pitch = slot * (2**column)
        for index, match in enumerate(matches):
            centre = 40 + pitch * index + pitch / 2
            _box(d, x, centre, match)
            if column + 1 < len(shown):
                d.line([(x + BOX_W, centre), (x + COLUMN, centre)], fill=_LINE, width=2)
    return _png(img)


def _box(d: ImageDraw.ImageDraw, x: float, centre: float, match: Match) -> None:
    top = centre - BOX_H / 2
    d.rectangle((x, top, x + BOX_W, top + BOX_H), fill=_BOX)
    for side, name in enumerate(match[:2]):
        colour = _GOLD if match[2] == side else (_WHITE if match[2] is None else _DIM)
        label = _fit(_clean(name), _font(17), BOX_W - 16)
        d.text((x + 8, top + 6 + side * 24), label, font=_font(17), fill=colour)
