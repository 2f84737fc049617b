"""Cards as small ints, their codes (RULES.md §0.1) and the deck presentations.

A card is an int ``suit * 10 + rank_index``: suits in the order oros, copas,
espadas, bastos (``o c e b``) and ranks ``1 2 3 4 5 6 7 S C R``. Its capture
value is ``rank_index + 1`` (Sota 8, Caballo 9, Rey 10). Sets of cards are bit
masks over those 40 ids; hands are sorted tuples.
"""

from __future__ import annotations

from collections.abc import Iterable

RANK_CODES = "1234567SCR"
SUIT_CODES = "oceb"
DECK_SIZE = 40
FULL_DECK = (1 << DECK_SIZE) - 1

DECKS = ("spanish", "italian", "french_faces", "french_numeric")
"""Presentations. Capture values and scoring are the same for all of them."""

VALUE: tuple[int, ...] = tuple(card % 10 + 1 for card in range(DECK_SIZE))
SUIT: tuple[int, ...] = tuple(card // 10 for card in range(DECK_SIZE))
BIT: tuple[int, ...] = tuple(1 << card for card in range(DECK_SIZE))

COINS = 0
SEVEN_OF_COINS = 6  # 7o: the siete de velo / guindis / settebello
SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * suit) for suit in range(4))
RANK_MASK: tuple[int, ...] = tuple(
    sum(1 << (suit * 10 + rank) for suit in range(4)) for rank in range(10)
)
"""``RANK_MASK[v - 1]``: the four cards of capture value ``v``."""
FACES_MASK = RANK_MASK[7] | RANK_MASK[8] | RANK_MASK[9]

_ITALIAN_RANKS = "1234567FCR"
_ITALIAN_SUITS = "dcsb"
"""Italian labels: Fante, Cavallo, Re; denari, coppe, spade, bastoni (``7d``, ``Rs``)."""
_FRENCH_SUITS = "♦♥♠♣"
_FRENCH_FACES = "A234567JQK"
_CODE_TO_CARD = {RANK_CODES[r] + SUIT_CODES[s]: s * 10 + r for s in range(4) for r in range(10)}


class CardError(ValueError):
    """A card code or label that names no card."""


def card_code(card: int) -> str:
    """The RULES.md code of ``card``: ``7o``, ``Sc``, ``Rb``…"""
    return RANK_CODES[card % 10] + SUIT_CODES[card // 10]


def card_label(card: int, deck: str = "spanish") -> str:
    """How ``card`` is printed in a deck presentation (``7o``, ``7d``, ``J♥``, ``10♣``…)."""
    if deck == "spanish":
        return card_code(card)
    if deck == "italian":
        return _ITALIAN_RANKS[card % 10] + _ITALIAN_SUITS[card // 10]
    suit = _FRENCH_SUITS[card // 10]
    if deck == "french_faces":
        return _FRENCH_FACES[card % 10] + suit
    rank = "A" if card % 10 == 0 else str(card % 10 + 1)
    return rank + suit


def parse_card(text: str, deck: str = "spanish") -> int:
    """Parse a card code (``7o``, case-insensitive rank) or a label of ``deck``."""
    cleaned = text.strip()
    if len(cleaned) == 2:
        card = _CODE_TO_CARD.get(cleaned[0].upper() + cleaned[1].lower())
        if card is not None:
            return card
    for card in range(DECK_SIZE):
        if card_label(card, deck) == cleaned:
            return card
    raise CardError(f"'{text}' is not a card: write rank then suit, like 7o, Sc or Rb")


def code_to_card(code: str) -> int:
    """A card code as ``card_code`` writes it (saved states): a dictionary look-up,
    with ``parse_card`` for anything else (which raises ``CardError`` for a non-card)."""
    card = _CODE_TO_CARD.get(code)
    return card if card is not None else parse_card(code)


def parse_cards(text: str | Iterable[str], deck: str = "spanish") -> tuple[int, ...]:
    """Parse space- or comma-separated card codes into a tuple of cards."""
    words = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(parse_card(word, deck) for word in words)


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a bit mask, in ascending id order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def mask_value(mask: int) -> int:
    """Sum of the capture values of the cards in ``mask``."""
    return sum((rank + 1) * (RANK_MASK[rank] & mask).bit_count() for rank in range(10))


def format_cards(cards: Iterable[int] | int, deck: str = "spanish") -> str:
    """Cards (a mask or an iterable) as labels joined by spaces."""
    items = cards_of(cards) if isinstance(cards, int) else cards
    return " ".join(card_label(card, deck) for card in items)
