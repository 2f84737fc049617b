"""Moves in words: the public story of a move, and a capture option's label."""

from __future__ import annotations

from typing import Any

from ..games import MoveInfo
from ..games.cards import VALUE
from ..i18n import tr, tr_count
from ..tables import Table
from .cards import CardWords
from .common import player_name, sweeps_text


def describe_events(
    table: Table, events: list[dict[str, Any]], cards: CardWords, you: int | None = None
) -> list[str]:
    """The public story of one move: "Ana plays 7 of coins, takes 5 of cups + 3 of
    swords: ¡escoba!", with each card's emoji where the bot has it; told to the member
    of seat ``you`` ("You play …"), when given."""
    lines = (_describe_event(table, event, cards, you) for event in events)
    return [line for line in lines if line]


def _reason(table: Table, event: dict[str, Any], cards: CardWords) -> str:
    """Why a capture took what it took, where the game's special rules made it:
    "3 + 5 + 7 = 15", "the ace takes the whole table"."""
    taken = event["cards"]
    reason = table.engine.capture_reason(event["card"], taken, event.get("value", 0))
    if reason == "fifteen":
        worth = event.get("value") or VALUE[event["card"]]
        total = " + ".join(str(v) for v in (worth, *(VALUE[c] for c in taken)))
        return tr(cards.lang, "move.reason.fifteen", sum=total)
    return tr(cards.lang, "move.reason.ace") if reason == "ace" else ""


def _describe_event(
    table: Table, event: dict[str, Any], cards: CardWords, you: int | None
) -> str | None:
    lang = cards.lang
    kind = event["kind"]
    seat = event.get("seat", event.get("dealer", -1))
    move = "move.you" if you is not None and seat == you else "move"  # "You play …"
    words = {
        "player": player_name(table, seat),
        "card": cards.short(event["card"]) if "card" in event else "",
        "cards": cards.join(event.get("cards", ())),
    }
    if event.get("value"):  # a declared matta plays as the card it was named
        words["card"] += tr(lang, "move.as_value", rank=cards.rank(event["value"] - 1))
    sweep = tr(lang, f"sweep.{table.game}") if event.get("sweep") else ""
    if kind == "captured" and not event["cards"]:
        return tr(lang, f"{move}.ace_to_pile", **words)
    if kind in ("captured", "claimed"):
        return tr(lang, f"{move}.{kind}", **words) + _reason(table, event, cards) + sweep
    if kind == "played":
        missed = event["missed"] and table.options.get("capture_rule") == "fournier_claim"
        return tr(lang, f"{move}.played_missed" if missed else f"{move}.played", **words)
    if kind == "stole":
        return _stole(table, event, words, move, you, lang)
    if kind == "initial_sweep":
        return _first_table(table, event, cards, words, f"{move}.initial_sweep")
    if kind == "leftovers_taken" and event["cards"]:
        return tr(lang, "move.leftovers_aside" if seat < 0 else f"{move}.leftovers", **words)
    if kind == "dealt" and event["round"] > 1:
        return tr(lang, "move.last_deal" if event["last"] else "move.dealt")
    if kind == "redealt":
        return tr(lang, f"{move}.redealt.{event['reason']}", **words)
    if kind == "hand_scored":
        return _tie_at_target(table, event["totals"], lang)
    if kind == "declared":
        calls = call_words(event, cards)
        return tr_count(lang, f"{move}.declared", event["points"], **words, **calls)
    return None


def _stole(
    table: Table,
    event: dict[str, Any],
    words: dict[str, str],
    move: str,
    you: int | None,
    lang: str,
) -> str:
    """A Rubamazzo steal: whose pile (``your pile`` when it was the member's own)."""
    victims = event["victims"]
    count = event["pile_cards"]
    if you is not None and victims == [you]:
        text = tr_count(lang, "move.stole_yours", count, **words)
    else:
        names = ", ".join(player_name(table, victim) for victim in victims)
        text = tr_count(lang, f"{move}.stole", count, **words, victims=names)
    return text + (tr(lang, f"{move}.stole_table", **words) if event["cards"] else "")


def _first_table(
    table: Table, event: dict[str, Any], cards: CardWords, words: dict[str, str], key: str
) -> str:
    """The dealer's sweep of a first table, adding up as the rule counted it: a wild
    matta at the value it was named for ("7 (the matta, as 6) + 2 + 4 + 3 … 15")."""
    values = table.engine.first_table_values(event["cards"])
    named = [
        cards.short(card) + _as_value(card, value, cards)
        for card, value in zip(event["cards"], values, strict=True)
    ]
    sweeps = sweeps_text(table.game, event["sweeps"], cards.lang)
    words = {**words, "cards": " + ".join(named)}
    return tr(cards.lang, key, **words, sweeps=sweeps, total=sum(values))


def _as_value(card: int, value: int, cards: CardWords) -> str:
    """`` (the matta, as 6)`` where a card counted other than its face value."""
    return (
        "" if value == VALUE[card] else tr(cards.lang, "move.as_value", rank=cards.rank(value - 1))
    )


def _tie_at_target(table: Table, totals: list[int], lang: str) -> str | None:
    """The top sides tied at or past the target: another hand decides."""
    best = max(totals)
    target = table.options.get("target_score", 0)
    if not table.engine.plays_to_target or best < target or totals.count(best) < 2:
        return None
    return tr(lang, "move.tied", score=best)


def call_words(event: dict[str, Any], cards: CardWords) -> dict[str, str]:
    """A declaration's kind and the matta's name, as the log and the panel say them."""
    named = event["named"]
    matta = tr(cards.lang, "declare.matta", rank=cards.rank(named - 1)) if named else ""
    return {"kind": tr(cards.lang, f"declare.kind.{event['call']}"), "matta": matta}


def move_label(table: Table, move: MoveInfo, cards: CardWords) -> str:
    """A capture option on a button: the cards it takes (in words: a label shows no
    emoji), or the pile it steals."""
    lang = cards.lang
    if move.claim:
        return tr(
            lang, "choice.claim", card=cards.name(move.card), cards=cards.names(move.captures)
        )
    parts = []
    if move.captures:
        parts.append(cards.names(move.captures))
    for seat in move.steals:
        parts.append(tr(lang, "choice.steal", player=player_name(table, seat)))
    if not parts:
        return tr(lang, "choice.lay_down")
    return tr(lang, "choice.take", what=", ".join(parts))
