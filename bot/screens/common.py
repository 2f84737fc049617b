"""What every screen shares: cards and players in words, game names and colours, and
the private answer to a click or a command."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from ..games import card_label, game_type
from ..i18n import tr, tr_count
from ..tables import Table

GAME_COLOURS = {"escoba": 0xC0392B, "scopa": 0x2E86C1, "rubamazzo": 0x27AE60}
SPANISH_SUIT_EMOJI = ("🪙", "🏆", "⚔️", "🪵")
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
"""The numbers the pictures print on cards, so text, buttons and pictures agree."""

green = discord.ButtonStyle.success
grey = discord.ButtonStyle.secondary
blue = discord.ButtonStyle.primary
red = discord.ButtonStyle.danger


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def deck_of(table: Table) -> str:
    return table.options.get("deck", "spanish")


def card_text(table: Table, card: int) -> str:
    return card_label(card, deck_of(table))


def cards_text(table: Table, cards: Iterable[int], lang: str, empty: str = "board.empty") -> str:
    """Cards by their codes; the message ``empty`` when there are none."""
    listed = list(cards)
    return " ".join(card_text(table, c) for c in listed) if listed else tr(lang, empty)


def card_name(table: Table, card: int, lang: str) -> str:
    """A card in words: "7 de oros", "Fante di coppe", "Queen of hearts"."""
    rank = card % 10 + 1
    deck = deck_of(table)
    family = "french" if deck.startswith("french") else "latin"
    if rank == 1:
        rank_text = tr(lang, "card.ace")
    elif rank <= 7 or deck == "french_numeric":
        rank_text = str(rank)
    else:
        rank_text = tr(lang, f"card.{family}.{rank}")
    suit = tr(lang, f"card.suit.{family}.{card // 10}")
    return tr(lang, "card.name", rank=rank_text, suit=suit)


def suit_emoji(table: Table, card: int) -> str | None:
    """An emoji for the card's suit on buttons; French labels already show the suit."""
    if deck_of(table) in ("spanish", "italian"):
        return SPANISH_SUIT_EMOJI[card // 10]
    return None


def numbered(index: int) -> str:
    return CIRCLED[index] if index < len(CIRCLED) else f"({index + 1})"


def option_letter(index: int) -> str:
    """The letter the board picture marks an option's cards with."""
    return chr(65 + index)


def game_name(game: str, lang: str) -> str:
    return tr(lang, f"game.{game}")


def category_name(category: str, game: str, lang: str) -> str:
    """A scoring category's name; sweeps are escobas in Escoba and scope in Scopa."""
    return tr(lang, f"category.sweeps.{game}" if category == "sweeps" else f"category.{category}")


def sweeps_text(game: str, count: int, lang: str) -> str:
    """``3 escobas`` or ``1 scopa``; nothing for a game without sweeps (Rubamazzo)."""
    if not game_type(game).has_sweeps():
        return ""
    return tr_count(lang, f"count.sweep.{game}", count)


def advanced_text(name: str, value: object, lang: str) -> str:
    """An advanced rule as people read it: "Deck: French cards, A–10", "Must take: no"."""
    if isinstance(value, bool):
        shown = tr(lang, "value.yes" if value else "value.no")
    elif isinstance(value, str):
        shown = tr(lang, f"adv.{name}.{value}")
    else:
        shown = str(value)
    return f"{tr(lang, f'adv.{name}')}: {shown}"


def end_text(table: Table, lang: str) -> str:
    """Why a table is no longer in play: finished, cancelled, abandoned or emptied."""
    return tr(lang, f"end.{table.end_reason or table.status}")


def player_name(table: Table, seat: int) -> str:
    return table.seats[seat].name if 0 <= seat < len(table.seats) else "?"


def seat_mention(table: Table, seat: int) -> str:
    """A member as a mention, a bot by its name."""
    player = table.seats[seat]
    return player.name if player.bot else f"<@{player.user_id}>"


def side_name(table: Table, side: int) -> str:
    return " & ".join(table.seats[seat].name for seat in table.engine.sides[side])


def embed(table: Table, title: str, description: str = "") -> discord.Embed:
    return discord.Embed(
        title=title, description=description, colour=GAME_COLOURS.get(table.game, 0x95A5A6)
    )
