"""Moves as ints, OpenSpiel style, with helpers to build, read and print them.

Layout of a move: bits 0-5 the card played (for a claim, the missed card on the
table), bits 6-45 the mask of table cards taken, bit 46 set for a Fournier
claim, bits 48-51 the seats whose piles are stolen (Rubamazzo). A Cirulla
declaration plays no card: bit 47 set, bits 52-55 the value the matta is named
(0 when the hand holds no matta).

Text form (``format_move`` / ``parse_move``): ``7o`` lays a card down,
``7o:5c+3e`` captures, ``claim 5e:Rc`` claims a missed 15, ``7c>1`` steals
seat 1's pile, ``7c:4o>1`` does both, ``declare`` declares a hand and
``declare matta=1`` one with the matta named an ace.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL_DECK, cards_of, format_cards, mask_of, parse_card, parse_cards

CAPTURE_SHIFT = 6
CLAIM_FLAG = 1 << 46
DECLARE_FLAG = 1 << 47
STEAL_SHIFT = 48
NAMED_SHIFT = 52
_CARD = 63


class MoveParseError(ValueError):
    """Text that does not describe a move."""


def make_move(card: int, capture: int = 0, *, steal: int = 0, claim: bool = False) -> int:
    """Build a move: ``capture`` is a card mask, ``steal`` a mask of seats."""
    return card | capture << CAPTURE_SHIFT | steal << STEAL_SHIFT | (CLAIM_FLAG if claim else 0)


def move_card(move: int) -> int:
    return move & _CARD


def move_capture(move: int) -> int:
    """Mask of the table cards the move takes (the played card not included)."""
    return move >> CAPTURE_SHIFT & FULL_DECK


def move_steals(move: int) -> tuple[int, ...]:
    """Seats whose piles the move steals."""
    steal = move >> STEAL_SHIFT
    return tuple(seat for seat in range(4) if steal >> seat & 1)


def is_claim(move: int) -> bool:
    return bool(move & CLAIM_FLAG)


def make_declaration(named: int = 0) -> int:
    """A Cirulla declaration, the matta named ``named`` (1-10; 0: no matta in hand)."""
    return DECLARE_FLAG | named << NAMED_SHIFT


def is_declaration(move: int) -> bool:
    return bool(move & DECLARE_FLAG)


def declared_value(move: int) -> int:
    """The value a declaration names the matta (0: the hand holds none)."""
    return move >> NAMED_SHIFT & 15


@dataclass(frozen=True, slots=True)
class MoveInfo:
    """A move spelled out for display."""

    card: int
    captures: tuple[int, ...]
    steals: tuple[int, ...]
    claim: bool
    declaration: bool = False
    """A Cirulla declaration: no card is played (``card`` means nothing)."""

    @property
    def takes(self) -> bool:
        return bool(self.captures or self.steals or self.claim)


def describe_move(move: int) -> MoveInfo:
    return MoveInfo(
        move_card(move),
        cards_of(move_capture(move)),
        move_steals(move),
        is_claim(move),
        is_declaration(move),
    )


def format_move(move: int, deck: str = "spanish") -> str:
    """The text form of a move (see the module docstring)."""
    if is_declaration(move):
        named = declared_value(move)
        return f"declare matta={named}" if named else "declare"
    info = describe_move(move)
    text = format_cards((info.card,), deck)
    if info.captures:
        text += ":" + format_cards(info.captures, deck).replace(" ", "+")
    for seat in info.steals:
        text += f">{seat}"
    return "claim " + text if info.claim else text


def parse_move(text: str, deck: str = "spanish") -> int:
    """Parse the text form of a move."""
    body = text.strip()
    if body.startswith("declare"):
        return _parse_declaration(text, body[len("declare") :].strip())
    claim = body.startswith("claim ")
    if claim:
        body = body[len("claim ") :]
    body, *steals = body.split(">")
    card_text, _, capture_text = body.partition(":")
    try:
        card = parse_card(card_text, deck)
        captured = parse_cards(capture_text.replace("+", " "), deck)
        steal = mask_of(int(seat) for seat in steals)
    except ValueError as exc:
        raise MoveParseError(f"'{text}' is not a move: {exc}") from None
    return make_move(card, mask_of(captured), steal=steal, claim=claim)


def _parse_declaration(text: str, rest: str) -> int:
    if not rest:
        return make_declaration()
    name, _, value = rest.partition("=")
    if name.strip() != "matta" or not value.strip().isdigit() or not 1 <= int(value) <= 10:
        raise MoveParseError(f"'{text}' is not a move: name the matta 1 to 10, as matta=1")
    return make_declaration(int(value))
