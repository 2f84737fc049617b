"""Card pictures drawn with Pillow: single cards, the board and a hand, as PNG bytes
(``layouts``; ``python -m bot.pictures`` runs its command line)."""

from .layouts import (
    BOARD_WIDTH,
    CARD_SIZE,
    _clean,  # noqa: F401  (unit-tested)
    _option_marks,  # noqa: F401  (unit-tested)
    board_png,
    card_image,
    hand_png,
    hand_size,
    main,
)

__all__ = ["BOARD_WIDTH", "CARD_SIZE", "board_png", "card_image", "hand_png", "hand_size", "main"]
