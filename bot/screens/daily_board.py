"""``/daily board``: today's daily deal on the server and worldwide, the member's own
day and streak, and yesterday's deal with the line the hard bot played, now that the
day is over (today's deal is never shown: no spoilers).

Choices where the issue is silent:
- The board is a public answer, like ``/leaderboard``; the asker's own rank and
  streak are in it (what ``/daily play`` shows them privately anyway).
- Worldwide, members appear by name only after ``/profile show_me:True`` (as on the
  global board); others as anonymous players.
- "The bot's line" is yesterday's deal played by the hard bot in the member's seat,
  against the same replies every member met.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from ..daily.deal import BOT, MEMBER, Position
from ..daily.service import as_table
from ..games import describe_move, events_to_dicts
from ..games.fairness import commitment
from ..games.moves import is_declaration
from ..i18n import tr, tr_count
from ..storage import DailyHand
from ..tables import Table
from .cards import CardFaces, CardWords
from .common import GAME_COLOURS, card_words, game_name, sweeps_text
from .daily import Standing, rank_text, result_text, saved_result
from .story import describe_events

TOP = 10
MEDALS = ("🥇", "🥈", "🥉")
MAX_LINE = 3500
"""Characters of the bot's line shown (an embed's description holds 4096)."""


@dataclass(frozen=True, slots=True)
class DailyDay:
    """What the board shows of one day of a game."""

    day: str
    game: str
    here: list[DailyHand]
    world: list[tuple[DailyHand, str | None]]
    """The best hands worldwide, with the name each member chose to show (or None)."""
    finished_here: int
    finished_world: int
    seed: str
    """The day's seed: only its commitment is shown while the day lasts."""


def board_embeds(
    today: DailyDay,
    mine: DailyHand | None,
    standing: Standing | None,
    yesterday: DailyDay,
    line: Position,
    lang: str,
    faces: CardFaces,
) -> list[discord.Embed]:
    """Today's ranks (and the commitment of today's deal, whose seed ``line`` is not),
    then yesterday's deal, its revealed seed and the bot's line."""
    colour = GAME_COLOURS.get(today.game)
    title = tr(lang, "daily.title", game=game_name(today.game, lang), day=today.day)
    me = mine.user_id if mine is not None else 0
    top = _top_text(today, me, lang)
    shown = discord.Embed(title=f"📅 {title}", description=top, colour=colour)
    shown.add_field(name=tr(lang, "daily.board.you"), value=_mine_text(mine, standing, lang))
    shown.add_field(name=tr(lang, "daily.board.world"), value=_world_text(today, me, lang))
    sealed = f"`{commitment(today.seed)}`\n{tr(lang, 'daily.sealed_note')}"
    shown.add_field(name=tr(lang, "daily.sealed_title"), value=sealed, inline=False)
    shown.set_footer(text=tr(lang, "daily.board.footer"))
    return [shown, _yesterday_embed(yesterday, line, lang, faces)]


def _top_text(day: DailyDay, me: int, lang: str) -> str:
    if not day.here:
        return tr(lang, "daily.board.none_here")
    lines = [
        _hand_line(index, hand, _marked(hand.name, hand, me, lang), lang)
        for index, hand in enumerate(day.here)
    ]
    lines.append(tr(lang, "daily.board.count_here", count=day.finished_here))
    return "\n".join(lines)


def _hand_line(index: int, hand: DailyHand, name: str, lang: str) -> str:
    place = MEDALS[index] if index < len(MEDALS) else f"{index + 1}."
    sweeps = sweeps_text(hand.game, hand.sweeps, lang)
    cards = tr(lang, "daily.cards", count=hand.cards)
    return f"{place} {name} **{hand.margin:+d}** · {cards} · {sweeps}"


def _marked(name: str, hand: DailyHand, me: int, lang: str) -> str:
    """The member's own line says so: "anonymous player (you)"."""
    return f"{name} {tr(lang, 'daily.board.you_mark')}" if hand.user_id == me else name


def _mine_text(mine: DailyHand | None, standing: Standing | None, lang: str) -> str:
    if mine is None or not mine.finished or standing is None:
        key = "daily.board.playing" if mine is not None else "daily.board.not_played"
        streak = standing.streak if standing is not None else 0
        return tr(lang, key) + "\n" + tr_count(lang, "daily.streak", streak)
    lines = [
        result_text(mine.game, saved_result(mine), lang),
        rank_text(standing.here, standing.world, lang),
        tr_count(lang, "daily.streak", standing.streak),
    ]
    return "\n".join(lines)[:1024]


def _world_text(day: DailyDay, me: int, lang: str) -> str:
    if not day.world:
        return tr(lang, "daily.board.none_world")
    anonymous = tr(lang, "leaderboard.anonymous")
    lines = [
        _hand_line(index, hand, _marked(name or anonymous, hand, me, lang), lang)
        for index, (hand, name) in enumerate(day.world)
    ]
    lines.append(tr(lang, "daily.board.count_world", count=day.finished_world))
    return "\n".join(lines)[:1024]


def _yesterday_embed(day: DailyDay, line: Position, lang: str, faces: CardFaces) -> discord.Embed:
    hand = DailyHand(day.day, day.game, 0, 0, tr(lang, "daily.your_seat"), (), 0, True)
    table = as_table(hand, line, tr(lang, "bot.name.expert"))
    cards = card_words(table, lang, faces)
    title = tr(lang, "daily.yesterday", day=day.day)
    dealt = line.steps[0].state
    parts = [
        tr(lang, "daily.dealt_you", cards=cards.join(sorted(dealt.hands[MEMBER]), "  ")),
        tr(lang, "daily.dealt_table", cards=cards.join(dealt.table, "  ") or "—"),
        "",
        _line_text(table, line, cards),
    ]
    if line.result is not None:
        parts += ["", result_text(day.game, line.result, lang, "daily.line_result")]
    if day.here:
        best = day.here[0]
        parts.append(
            tr(
                lang,
                "daily.yesterday_best",
                member=f"**{best.name}**",
                margin=f"{best.margin:+d}",
            )
        )
    parts += ["", tr(lang, "daily.revealed", seed=line.seed, commitment=commitment(line.seed))]
    embed = discord.Embed(title=f"⏪ {title}", description="\n".join(parts)[-4096:])
    embed.colour = GAME_COLOURS.get(day.game)
    return embed


def _line_text(table: Table, line: Position, cards: CardWords) -> str:
    """Each move of the line: who played, the card, what it took."""
    lang = cards.lang
    who = {MEMBER: tr(lang, "daily.your_seat"), BOT: tr(lang, "bot.name.expert")}
    lines = []
    for number, step in enumerate(line.steps[1:], start=1):
        if is_declaration(step.move):
            text = "; ".join(describe_events(table, events_to_dicts(list(step.events)), cards))
        else:
            info = describe_move(step.move)
            taken = cards.join(info.captures) if info.captures else "—"
            sweep = " 🧹" if any(getattr(e, "sweep", False) for e in step.events) else ""
            text = f"{cards.short(info.card)} → {taken}{sweep}"
        lines.append(f"`{number:>2}` {who[step.seat]}: {text}")
        leftovers = [
            e for e in events_to_dicts(list(step.events)) if e["kind"] == "leftovers_taken"
        ]
        lines.extend(describe_events(table, leftovers, cards))
    text = "\n".join(lines)
    return text if len(text) <= MAX_LINE else text[: MAX_LINE - 1].rsplit("\n", 1)[0] + "\n…"
