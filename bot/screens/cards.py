"""Cards as members read them: the bot's own card emoji and the rank
("<:caballo_oros:…> Caballo"), or, where the emoji is missing (not uploaded, a failed
upload), the card's name in the member's language ("Caballo de oros"), never a code.

The emojis are application emojis, one set per deck (``pictures.emoji`` draws them),
named in the deck's own words so a screen reader says something sensible
(``caballo_oros``, ``fante_denari``, ``queen_hearts``). The two French decks share
their number cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache

import discord

from ..games.cards import DECK_SIZE, DECKS
from ..i18n import tr

_FRENCH_SUITS = ("diamonds", "hearts", "spades", "clubs")
_NUMBERS = ("2", "3", "4", "5", "6", "7")
EMOJI_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "spanish": (
        ("as", *_NUMBERS, "sota", "caballo", "rey"),
        ("oros", "copas", "espadas", "bastos"),
    ),
    "italian": (
        ("asso", *_NUMBERS, "fante", "cavallo", "re"),
        ("denari", "coppe", "spade", "bastoni"),
    ),
    "french_faces": (("ace", *_NUMBERS, "jack", "queen", "king"), _FRENCH_SUITS),
    "french_numeric": (("ace", *_NUMBERS, "8", "9", "10"), _FRENCH_SUITS),
}
"""Each deck's ranks and suits as its emoji names spell them: ``<rank>_<suit>``."""
SPANISH_SUIT_EMOJI = ("🪙", "🏆", "⚔️", "🪵")


def emoji_name(card: int, deck: str) -> str:
    ranks, suits = EMOJI_WORDS[deck]
    return f"{ranks[card % 10]}_{suits[card // 10]}"


@cache
def wanted_emojis() -> dict[str, tuple[int, str]]:
    """Every card emoji the bot uses: its name → (card, a deck that shows it)."""
    wanted: dict[str, tuple[int, str]] = {}
    for deck in DECKS:
        for card in range(DECK_SIZE):
            wanted.setdefault(emoji_name(card, deck), (card, deck))
    return wanted


@dataclass
class CardFaces:
    """The card emojis the bot has (name → emoji id). A deck shows its emojis once its
    set is complete, so a message never mixes emojis and words."""

    ids: dict[str, int] = field(default_factory=dict)
    decks: set[str] = field(default_factory=set)
    """The decks whose every card has its emoji."""

    def add(self, found: Mapping[str, int]) -> None:
        self.ids.update((name, i) for name, i in found.items() if name in wanted_emojis())
        self.decks = {
            deck
            for deck in DECKS
            if all(emoji_name(card, deck) in self.ids for card in range(DECK_SIZE))
        }

    def emoji(self, card: int, deck: str) -> discord.PartialEmoji | None:
        if deck not in self.decks:
            return None
        name = emoji_name(card, deck)
        return discord.PartialEmoji(name=name, id=self.ids[name])

    def missing(self) -> Iterator[tuple[str, int, str]]:
        """The emojis still to upload: (name, card, deck)."""
        for name, (card, deck) in wanted_emojis().items():
            if name not in self.ids:
                yield name, card, deck


@dataclass(frozen=True)
class CardWords:
    """How one message writes cards: in ``lang``, with the emojis of ``faces``."""

    deck: str
    lang: str
    faces: CardFaces

    def name(self, card: int) -> str:
        """A card in words: "7 de oros", "Fante di coppe", "Queen of hearts"."""
        suit = tr(self.lang, f"card.suit.{self._family}.{card // 10}")
        return tr(self.lang, "card.name", rank=self.rank(card), suit=suit)

    def rank(self, card: int) -> str:
        rank = card % 10 + 1
        if rank == 1:
            return tr(self.lang, "card.ace")
        if rank <= 7 or self.deck == "french_numeric":
            return str(rank)
        return tr(self.lang, f"card.{self._family}.{rank}")

    def short(self, card: int) -> str:
        """The card's emoji and rank, or its name where it has no emoji."""
        emoji = self.faces.emoji(card, self.deck)
        return self.name(card) if emoji is None else f"{emoji} {self.rank(card)}"

    def join(self, cards: Iterable[int], separator: str = " + ") -> str:
        return separator.join(self.short(card) for card in cards)

    def names(self, cards: Iterable[int]) -> str:
        """Cards in words only, for what cannot show an emoji (a button's label)."""
        return " + ".join(self.name(card) for card in cards)

    def button_emoji(self, card: int) -> discord.PartialEmoji | str | None:
        """The emoji beside a card's button: its own, else its suit (Latin decks)."""
        emoji = self.faces.emoji(card, self.deck)
        if emoji is not None:
            return emoji
        return None if self._family == "french" else SPANISH_SUIT_EMOJI[card // 10]

    @property
    def _family(self) -> str:
        return "french" if self.deck.startswith("french") else "latin"
