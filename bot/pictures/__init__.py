"""Card pictures drawn with Pillow: single cards, the board and a hand, as PNG bytes.

All artwork is made here from Pillow shapes and its built-in font, so nothing is
downloaded. Two looks: Spanish suits (decks ``spanish`` and ``italian``) and
French suits (``french_faces`` and ``french_numeric``). Cards are cream on an
opaque felt panel, so the pictures read the same in Discord's dark and light themes.

- ``style``: the card size, the drawing scale, shared colours and the font.
- ``symbols``: the suit symbols and where a number card's pips go.
- ``figures``: the face-card figures (page, knight, queen, king).
- ``art``: one card's picture, ``card_image``.
- ``marks``: number badges, option letter tags, the arrow and the robot head.
- ``text``: names and labels cleaned and cut for the built-in font.
- ``encoding``: the PNG encoder (RGB, a transparent key colour, no row filters).
- ``layouts``: ``board_png`` and ``hand_png``, and how their marks agree with the
  board's text and buttons.
- ``charts``: ``review_png``, a review's verdicts as bars, a row per player, and
  ``podium_png``, a season's (or a tournament's) first three.
- ``bracket``: ``bracket_png``, a knock-out's bracket.
- ``cli``: ``python -m bot.pictures --bench`` prints render timings as one JSON line;
  ``--sample DIR`` writes sample boards and hands.
"""

from .art import card_image
from .bracket import bracket_png
from .charts import podium_png, review_png
from .cli import main
from .layouts import (
    BOARD_WIDTH,
    _option_marks,  # noqa: F401  (unit-tested)
    board_png,
    hand_png,
    hand_size,
)
from .style import CARD_SIZE
from .text import _clean  # noqa: F401  (unit-tested)

__all__ = [
    "BOARD_WIDTH",
    "CARD_SIZE",
    "board_png",
    "bracket_png",
    "card_image",
    "hand_png",
    "hand_size",
    "main",
    "podium_png",
    "review_png",
]
