"""A player's private hand panel (a DM, or the ephemeral answer to "My hand"): their
hand, the table, whether it is their turn, the coach's hint at a table with hints
on, and the cards as buttons, live on their turn. A card that can take in several
ways turns the panel into its choice: one button per capture, lettered, and Back.
The only screen that shows a hand, sent to that player alone; ``hand.png`` pictures
it when the table shows pictures."""

from __future__ import annotations

import asyncio
import functools
import io
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from ..ai.coach import Hint
from ..games import describe_move
from ..games.moves import is_declaration
from ..i18n import CATALOGS, DEFAULT_LANGUAGE, count_key, tr, tr_count
from ..pictures import hand_png
from ..tables import Table
from .cards import CardFaces, CardWords
from .common import (
    blue,
    card_words,
    deck_of,
    embed,
    end_text,
    fit_label,
    green,
    grey,
    numbered,
    option_letter,
    player_name,
    table_game_name,
)
from .declarations import add_declare_items, declarations, declare_text
from .ids import BackButton, CardButton, MoveButton, MoveSelect
from .story import move_label

HAND_PICTURE = "hand.png"
MAX_CHOICE_BUTTONS = 20
"""Captures shown as buttons (four rows); more go in a select."""


@dataclass(frozen=True, slots=True)
class CardChoice:
    """A card that can take in several ways, waiting in its player's panel for the pick."""

    card: int
    moves: tuple[int, ...]


def panel_message(
    table: Table,
    seat: int,
    lang: str,
    *,
    guild_name: str,
    channel_name: str,
    hint: Hint | None,
    board_url: str | None,
    faces: CardFaces,
    choice: CardChoice | None = None,
) -> tuple[discord.Embed, ui.View]:
    cards = card_words(table, lang, faces)
    shown = panel_embed(
        table,
        seat,
        cards,
        guild_name=guild_name,
        channel_name=channel_name,
        hint=hint,
        choice=choice,
    )
    hinted = hint.move if hint is not None else None
    if choice is not None:
        return shown, choice_view(table, choice, cards, hinted=hinted)
    return shown, panel_view(table, seat, cards, board_url=board_url, hinted=hinted)


def panel_embed(
    table: Table,
    seat: int,
    cards: CardWords,
    *,
    guild_name: str,
    channel_name: str,
    hint: Hint | None = None,
    choice: CardChoice | None = None,
) -> discord.Embed:
    lang = cards.lang
    state = table.match
    view = state.observe(seat)
    title = tr(lang, "panel.title", game=table_game_name(table, lang), table=table.id)
    where = (
        tr(lang, "panel.where", guild=guild_name, channel=channel_name)
        if guild_name
        else channel_name
    )
    shown = embed(table, title, where)
    hand = cards.join(sorted(view.hand), "  ") or tr(lang, "panel.hand_empty")
    shown.add_field(name=tr(lang, "panel.hand"), value=hand, inline=False)
    table_cards = cards.join(view.table, "  ") or tr(lang, "board.empty")
    shown.add_field(name=tr(lang, "board.table"), value=table_cards, inline=False)
    if table.status != "playing":
        status = end_text(table, lang)
    elif state.turn == seat and choice is not None:
        status = tr(lang, "panel.choose", card=cards.short(choice.card))
    elif state.turn == seat:
        status = tr(lang, "panel.your_turn")
    else:
        status = tr(lang, "panel.waiting", player=player_name(table, state.turn))
    shown.add_field(name=tr(lang, "board.turn"), value=status, inline=False)
    if choice is not None and state.turn == seat:
        options = choice_lines(table, choice, cards, hinted=hint.move if hint else None)
        shown.add_field(name=tr(lang, "panel.options"), value=options, inline=False)
    calls = declarations(table, seat)
    if calls and choice is None:
        text = declare_text(table, calls, cards)
        shown.add_field(name=tr(lang, "panel.declare"), value=text, inline=False)
    elif calls:  # picking a capture plays the card: the declaration is given up
        shown.add_field(name=tr(lang, "panel.declare"), value=tr(lang, "panel.declare_first"))
    if hint is not None:
        advice = hint_text(table, hint, cards)[:1024]
        shown.add_field(name=tr(lang, "panel.hint"), value=advice, inline=False)
    footer = tr(lang, "panel.footer", hand=state.hand_no + 1, version=table.version)
    shown.set_footer(text=footer)
    if _shows_hand(table, seat):
        shown.set_image(url=f"attachment://{HAND_PICTURE}")
    return shown


def panel_view(
    table: Table,
    seat: int,
    cards: CardWords,
    *,
    board_url: str | None,
    hinted: int | None = None,
) -> ui.View:
    """The player's cards as buttons, enabled on their turn; the card of the coach's
    move (``hinted``) in blue."""
    hinted_card = None if hinted is None or is_declaration(hinted) else describe_move(hinted).card
    lang = cards.lang
    view = ui.View(timeout=None)
    state = table.match
    active = table.status == "playing" and state.turn == seat
    for index, card in enumerate(sorted(state.hands[seat])):
        view.add_item(
            CardButton(
                table.id,
                table.version,
                card,
                label=fit_label(f"{numbered(index)} {card_label(state, card, cards)}"),
                emoji=cards.button_emoji(card),
                style=(blue if card == hinted_card else green) if active else grey,
                disabled=not active,
                row=index // 5,
            )
        )
    if active and (calls := declarations(table, seat)):
        add_declare_items(view, table, calls, cards, (len(state.hands[seat]) + 4) // 5, hinted)
    if board_url:
        view.add_item(ui.Button(label=tr(lang, "panel.go_to_board"), url=board_url, row=4))
    return view


def card_label(state, card: int, cards: CardWords) -> str:
    """A card's name, with what it plays as when that is not its own (a declared matta)."""
    value = state.game.value_in_play(state, card)
    if value == card % 10 + 1:
        return cards.name(card)
    return cards.name(card) + tr(cards.lang, "move.as_value", rank=cards.rank(value - 1))


def choice_lines(
    table: Table, choice: CardChoice, cards: CardWords, *, hinted: int | None = None
) -> str:
    """The captures of a card with several, lettered like their buttons, with the
    cards' emojis (which a button's label cannot show), and their names where two
    would read alike but for the suits; 💡 by the coach's."""
    ranks = [
        tuple(sorted(card % 10 for card in describe_move(move).captures)) for move in choice.moves
    ]
    lines = []
    for index, move in enumerate(choice.moves):
        info = describe_move(move)
        taken = [cards.join(info.captures)] if info.captures else []
        if taken and ranks.count(ranks[index]) > 1:  # "5 + 3" twice: say which
            taken = [f"{taken[0]} ({cards.names(info.captures)})"]
        taken += [player_name(table, seat) for seat in info.steals]
        mark = " 💡" if move == hinted else ""
        lines.append(f"**{option_letter(index)}** · " + ", ".join(taken) + mark)
    return "\n".join(lines)[:1024]


def choice_view(
    table: Table, choice: CardChoice, cards: CardWords, *, hinted: int | None = None
) -> ui.View:
    """One button per capture the card may make, lettered, then Back to the hand; the
    coach's move (``hinted``) in blue, with a 💡."""
    lang = cards.lang
    view = ui.View(timeout=None)
    labels = [
        f"{option_letter(i)} · {move_label(table, describe_move(move), cards)}"
        for i, move in enumerate(choice.moves)
    ]
    pairs = list(zip(labels, choice.moves, strict=True))
    if len(pairs) > MAX_CHOICE_BUTTONS:
        options = [
            discord.SelectOption(label=fit_label(label, 100), value=f"{move:x}")
            for label, move in pairs
        ]
        placeholder = tr(lang, "board.choose")
        view.add_item(
            MoveSelect(table.id, table.version, options=options[:25], placeholder=placeholder)
        )
    else:
        for index, (label, move) in enumerate(pairs):
            view.add_item(
                MoveButton(
                    table.id,
                    table.version,
                    move,
                    label=fit_label(label),
                    style=blue if move == hinted else green,
                    emoji="💡" if move == hinted else None,
                    row=index // 5,
                )
            )
    back = tr(lang, "panel.back")
    view.add_item(BackButton(table.id, table.version, label=back, style=grey, row=4))
    return view


def hint_text(table: Table, hint: Hint, cards: CardWords) -> str:
    """The coach's hint in words: what the move does, then why, joined by "; "."""
    return "; ".join(_reason_text(table, key, params, cards) for key, params in hint.reasons)


def _reason_text(table: Table, key: str, params: dict[str, Any], cards: CardWords) -> str:
    """One reason in words, each card as members read it elsewhere."""
    lang = cards.lang
    words = dict(params)
    if "card" in words:
        words["card"] = cards.short(words["card"])
    if "cards" in words:
        words["cards"] = cards.join(words["cards"])
    if "seat" in words:
        words["seat"] = player_name(table, words["seat"])
    if "count" in words and count_key(key, 1) in CATALOGS[DEFAULT_LANGUAGE]:
        return tr_count(lang, key, words.pop("count"), **words)
    return tr(lang, key, **words)


def _shows_hand(table: Table, seat: int) -> bool:
    state = table.state
    return (
        table.settings.images
        and table.status == "playing"
        and state is not None
        and bool(state.hands[seat])
    )


async def hand_pictures(table: Table, seat: int) -> list[discord.File]:
    """The picture of ``seat``'s hand for its panel, or none (drawn off the loop)."""
    if not _shows_hand(table, seat):
        return []
    hand = tuple(sorted(table.match.hands[seat]))
    png = await asyncio.to_thread(_hand_png, hand, deck_of(table))
    return [discord.File(io.BytesIO(png), filename=HAND_PICTURE)]


_hand_png = functools.lru_cache(maxsize=1024)(hand_png)
"""Hands repeat (every panel of a seat shows the same one until it plays): draw once."""
