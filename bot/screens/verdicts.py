"""A reviewed move in words, for the review and the replay viewer's marks."""

from __future__ import annotations

from ..ai.review import Decision
from ..games import describe_move
from ..games.cards import SEVEN_OF_COINS
from ..games.moves import is_declaration
from ..i18n import tr
from ..tables import Table
from .cards import CardWords
from .story import move_label


def verdict_line(table: Table, decision: Decision, cards: CardWords) -> str:
    """The viewer's line on a reviewed move."""
    lang = cards.lang
    if decision.verdict == "forced":
        return "🔍 " + tr(lang, "verdict.forced")
    if decision.verdict == "best":  # the played move, or one the search rates as high
        return "🔍 " + tr(lang, "review.step_best") + reason_text(decision, cards)
    text = tr(
        lang,
        "review.step_line",
        verdict=tr(lang, f"verdict.{decision.verdict}"),
        loss=f"{decision.loss:.2f}",
        best=move_words(table, decision.best, cards),
    )
    return "🔍 " + text + reason_text(decision, cards)


def move_words(table: Table, move: int, cards: CardWords) -> str:
    """A move in words: ``7 of coins: take 5 of cups + 2 of clubs``."""
    if is_declaration(move):
        return tr(cards.lang, "review.declaration")
    info = describe_move(move)
    return f"{cards.name(info.card)}: {move_label(table, info, cards)}"


def reason_text(decision: Decision, cards: CardWords) -> str:
    """Why a passed-up sweep or seven of coins is judged as it is (or nothing)."""
    if not decision.reason:
        return ""
    return " " + tr(cards.lang, f"review.reason.{decision.reason}", card=cards.name(SEVEN_OF_COINS))
