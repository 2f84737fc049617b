"""Cirulla's declarations in the hand panel: what the hand may declare, in words, and
its buttons. One button per number of points (the matta named as the bots name it);
where the matta may be named otherwise, a menu lists every other naming."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from ..games import events_to_dicts
from ..games.moves import is_declaration
from ..i18n import tr, tr_count
from ..tables import Table
from .cards import CardWords
from .common import blue, fit_label, green
from .ids import MoveButton, MoveSelect
from .story import call_words

MATTA = 16
"""``7c``: the card a declaration may name (the seven of hearts, or of cups)."""
Call = tuple[int, dict[str, Any]]
"""A declaration's move and the ``declared`` event it would make."""


def declarations(table: Table, seat: int) -> list[Call]:
    """The declarations ``seat`` may make now, each with what it would score and show."""
    state = table.match
    if table.status != "playing" or state.turn != seat:
        return []
    found = []
    for move in state.legal_moves():
        if is_declaration(move):
            _, events = state.apply(move)
            found.append((move, events_to_dicts(events)[0]))
    return found


def declare_text(table: Table, calls: list[Call], cards: CardWords) -> str:
    """What the hand is, a line for each kind with its points, and what declaring does."""
    lang = cards.lang
    kinds: dict[str, int] = {}
    for _, event in calls:
        kind = call_words(event, cards)["kind"]
        kinds[kind] = max(event["points"], kinds.get(kind, 0))
    lines = [f"• {kind}: {tr_count(lang, 'count.point', points)}" for kind, points in kinds.items()]
    lines.append(tr(lang, "panel.declare_text"))
    if _names_matta(table, calls):
        lines.append(tr(lang, "panel.declare_matta", card=cards.name(MATTA)))
    return "\n".join(lines)


def _names_matta(table: Table, calls: list[Call]) -> bool:
    """Whether naming the matta changes how it plays (``matta_value_in_play``)."""
    declared = table.options.get("matta_value_in_play") == "declared"
    return declared and any(event["named"] not in (0, 7) for _, event in calls)


def add_declare_items(
    view: ui.View, table: Table, calls: list[Call], cards: CardWords, row: int, hinted: int | None
) -> None:
    """The buttons (the best naming for each number of points) and, for the other
    namings, a menu; the coach's declaration in blue with a 💡."""
    hand = table.match.hands[table.match.turn]
    game = table.match.game
    by_points: dict[int, list[int]] = {}
    for move, event in calls:
        by_points.setdefault(event["points"], []).append(move)
    events = dict(calls)
    shown = [game.declaration_choice(hand, moves) for _, moves in sorted(by_points.items())]
    buttons = [move for move in reversed(shown) if move is not None]
    for move in buttons:
        view.add_item(
            MoveButton(
                table.id,
                table.version,
                move,
                label=fit_label(declare_label(events[move], cards)),
                emoji="💡" if move == hinted else "📣",
                style=blue if move == hinted else green,
                row=row,
            )
        )
    others = [move for move, _ in calls if move not in buttons]
    if others:
        options = [
            discord.SelectOption(
                label=fit_label(declare_label(events[m], cards), 100), value=f"{m:x}"
            )
            for m in others
        ]
        placeholder = tr(cards.lang, "declare.other_names")
        view.add_item(
            MoveSelect(
                table.id, table.version, options=options[:25], placeholder=placeholder, row=row + 1
            )
        )


def declare_label(event: dict[str, Any], cards: CardWords) -> str:
    """A declaration's button: its points, and the matta's name when it is named."""
    if not event["named"]:
        return tr_count(cards.lang, "declare.button", event["points"])
    rank = cards.rank(event["named"] - 1)
    return tr_count(cards.lang, "declare.button_matta", event["points"], rank=rank)
