"""``/rules``: the rules in brief, for a game as these options play it."""

from __future__ import annotations

from typing import Any

import discord

from ..games import game_type, make_game, parse_options
from ..i18n import CATALOGS, DEFAULT_LANGUAGE, tr, tr_count
from .cards import CardFaces, CardWords
from .common import GAME_COLOURS, advanced_text, game_name

OPTION_RULES = {"capture_rule": "rules.capture", "scoring_system": "rules.escoba.scoring"}
"""The paragraph for each option a game names in its summary, by the option's value."""
SHOWN_ELSEWHERE = ("game", "players", "layout", "deck", "target_score")
"""Options the rules name on their own lines (or the lobby does), not as house rules."""
GAME_SECTIONS = ("scoring", "steal")
"""Paragraphs a game's rules have when its catalog has them: ``rules.<game>.<section>``."""


def rules_embed(game: str, options: dict[str, Any], lang: str, faces: CardFaces) -> discord.Embed:
    sections = [tr(lang, f"rules.{game}.goal"), tr(lang, f"rules.{game}.play")]
    sections.append(tr(lang, "rules.values", cards=values_text(options, lang, faces)))
    named = game_type(game).summary_options
    for name, key in OPTION_RULES.items():
        if name in named:
            sections.append(tr(lang, f"{key}.{options[name]}"))
    if options.get("rank_match_priority") and _has(f"rules.{game}.priority"):
        sections.append(tr(lang, f"rules.{game}.priority"))
    for section in GAME_SECTIONS:
        if _has(f"rules.{game}.{section}"):
            sections.append(tr(lang, f"rules.{game}.{section}"))
    house = house_rules(game, options, lang)
    if house:
        sections.append(tr(lang, "rules.house", rules="\n".join(f"• {line}" for line in house)))
    if "target_score" in options:
        sections.append(tr_count(lang, "rules.target", options["target_score"]))
    return discord.Embed(
        title=tr(lang, "rules.title", game=_named(game, options, lang)),
        description="\n\n".join(sections),
        colour=GAME_COLOURS.get(game, 0x95A5A6),
    )


def _named(game: str, options: dict[str, Any], lang: str) -> str:
    """The game, or the named variant its options make ("Scopa a 15")."""
    preset = make_game(game, options).preset()
    return tr(lang, f"variant_name.{preset}") if preset else game_name(game, lang)


def values_text(options: dict[str, Any], lang: str, faces: CardFaces) -> str:
    """One suit of the table's deck with each card's capture value: "<:as_oros:…> As = 1 ·
    <:2_oros:…> 2 · … · <:sota_oros:…> Sota = 8", the ranks alone without emojis."""
    cards = CardWords(options.get("deck", "spanish"), lang, faces)
    shown = []
    for card in range(10):
        emoji = faces.emoji(card, cards.deck)
        rank = cards.rank(card)
        text = f"{emoji} {rank}" if emoji else rank
        shown.append(text if rank == str(card + 1) else f"{text} = {card + 1}")
    return " · ".join(shown)


def house_rules(game: str, options: dict[str, Any], lang: str) -> list[str]:
    """The options this table plays that differ from the game's defaults, in words
    ("Re bello: the king of coins scores 1: yes"), but those the rules already name."""
    summary = game_type(game).summary_options
    chosen = {name: options[name] for name in summary if name in options}
    defaults = parse_options(game, chosen).model_dump(mode="json")  # as the summary plays
    named = set(summary) | set(SHOWN_ELSEWHERE)
    lines = []
    for name, value in options.items():
        if name in named or defaults.get(name) == value or not _has(f"adv.{name}"):
            continue
        if isinstance(value, str) and not _has(f"adv.{name}.{value}"):
            continue
        lines.append(advanced_text(name, value, lang))
    return lines


def _has(key: str) -> bool:
    return key in CATALOGS[DEFAULT_LANGUAGE]
