"""Text and embeds for lobbies, boards, hand panels and results, in a given language.

Public renderers (lobby, board, results) read only what every player may see:
the table cards, counts, piles and the moves already made. The hand panel is the
only renderer that shows a hand, and it is sent to that player alone.

When the table shows pictures (``/settings images``), the board embed shows
``board.png`` (table cards, the card just played, Rubamazzo's pile tops) and the
hand panel ``hand.png``, drawn by ``bot.pictures``; the text stays in the embed
for screen readers.
"""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Any

import discord

from .ai.coach import Hint
from .games import card_label, describe_move
from .i18n import CATALOGS, DEFAULT_LANGUAGE, count_key, tr, tr_count
from .pictures import board_png, hand_png
from .tables import Table, current_hand_events, rematch_invited

GAME_COLOURS = {"escoba": 0xC0392B, "scopa": 0x2E86C1, "rubamazzo": 0x27AE60}
SPANISH_SUIT_EMOJI = ("🪙", "🏆", "⚔️", "🪵")
BOARD_PICTURE = "board.png"
LOG_LINES = 6
MAX_TEXT = 1000
HAND_PICTURE = "hand.png"
PLAYED_KINDS = ("played", "captured", "claimed", "stole")
"""Events that put a card from a hand on the table."""
CATEGORY_ORDER = (
    "sweeps",
    "cards",
    "coins",
    "all_coins",
    "seven_of_coins",
    "sevens",
    "all_sevens",
    "primiera",
    "under_ten",
)
SCORED_CATEGORIES = {
    "escoba": frozenset(CATEGORY_ORDER) - {"primiera"},
    "scopa": frozenset({"sweeps", "cards", "coins", "seven_of_coins", "primiera"}),
    "rubamazzo": frozenset({"cards"}),
}
"""The categories each game scores: a score sheet lists only these."""
BONUS_REPLACES = {
    ("all_sevens", "replace_all"): ("seven_of_coins", "sevens"),
    ("all_sevens", "replace_majority"): ("sevens",),
    ("all_coins", "replace"): ("coins",),
}
"""Escoba's bonuses that score instead of other categories, by the option's value
(RULES.md A.9: ``all_sevens_mode``, ``all_oros_mode``)."""
BONUS_OPTION = {"all_sevens": "all_sevens_mode", "all_coins": "all_oros_mode"}


def card_text(table: Table, card: int) -> str:
    return card_label(card, _deck(table))


def cards_text(table: Table, cards, lang: str, empty: str = "board.empty") -> str:
    """Cards by their codes; the message ``empty`` when there are none."""
    cards = list(cards)
    return " ".join(card_text(table, c) for c in cards) if cards else tr(lang, empty)


def suit_emoji(table: Table, card: int) -> str | None:
    """An emoji for the card's suit on buttons; French labels already show the suit."""
    if _deck(table) in ("spanish", "italian"):
        return SPANISH_SUIT_EMOJI[card // 10]
    return None


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
    return tr(lang, f"end.{table.ui.end_reason or table.status}")


def game_name(game: str, lang: str) -> str:
    return tr(lang, f"game.{game}")


def category_name(category: str, game: str, lang: str) -> str:
    """A scoring category's name; sweeps are escobas in Escoba and scope in Scopa."""
    return tr(lang, f"category.sweeps.{game}" if category == "sweeps" else f"category.{category}")


def sweeps_text(game: str, count: int, lang: str) -> str:
    """``3 escobas`` or ``1 scopa``; nothing for a game without sweeps (Rubamazzo)."""
    if "sweeps" not in SCORED_CATEGORIES[game]:
        return ""
    return tr_count(lang, f"count.sweep.{game}", count)


def seat_mention(table: Table, seat: int) -> str:
    """A member as a mention, a bot by its name."""
    player = table.seats[seat]
    return player.name if player.bot else f"<@{player.user_id}>"


def bot_name(table: Table, level: str) -> str:
    """``🤖 Hard bot``, numbered when the table already has one of that level."""
    name = tr(table.locale, f"bot.name.{level}")
    same = sum(1 for seat in table.seats if seat.bot == level)
    return f"{name} {same + 1}" if same else name


def side_name(table: Table, side: int) -> str:
    seats = table.engine.sides[side]
    return " & ".join(table.seats[seat].name for seat in seats)


def _embed(table: Table, title: str, description: str = "") -> discord.Embed:
    return discord.Embed(
        title=title, description=description, colour=GAME_COLOURS.get(table.game, 0x95A5A6)
    )


# -- lobby ----------


def option_summary(table: Table, lang: str) -> str:
    """The table's main options, one per line."""
    options = table.options
    lines = [
        tr(lang, "lobby.players", players=table.players),
        tr(lang, f"lobby.deck.{_deck(table)}"),
    ]
    if "target_score" in options:
        lines.append(tr_count(lang, "lobby.target", options["target_score"]))
    if table.game == "escoba":
        system = tr(lang, f"scoring.{options['scoring_system']}")
        lines.append(tr(lang, "lobby.scoring", system=system))
        lines.append(tr(lang, f"capture.{options['capture_rule']}"))
    if len(table.engine.sides) < table.players:
        lines.append(tr(lang, "lobby.teams_on"))
    timer = table.ui.turn_timer
    lines.append(tr(lang, "lobby.timer", seconds=timer) if timer else tr(lang, "lobby.timer_off"))
    for name, value in table.ui.advanced.items():
        if name != "deck":  # the deck has its own line
            lines.append(advanced_text(name, value, lang))
    if table.ui.hints:
        lines.append(tr(lang, "lobby.hints"))
    return "\n".join(lines)


def lobby_embed(table: Table, lang: str) -> discord.Embed:
    title = tr(lang, "lobby.title", game=game_name(table.game, lang), table=table.id)
    embed = _embed(table, title, option_summary(table, lang))
    seats = []
    teams = len(table.engine.sides) < table.players
    for index in range(table.players):
        if index < len(table.seats):
            seat = table.seats[index]
            line = f"{index + 1}. {seat_mention(table, index)}"
            if seat.user_id == table.host_id:
                line += " " + tr(lang, "lobby.host_mark")
            if teams and seat.team is not None:
                line += " · " + tr(lang, "lobby.team_name", team=chr(65 + seat.team))
        else:
            line = f"{index + 1}. " + tr(lang, "lobby.free_seat")
        seats.append(line)
    embed.add_field(name=tr(lang, "lobby.seats"), value="\n".join(seats), inline=False)
    if table.status in ("cancelled", "finished"):
        embed.set_footer(text=end_text(table, lang))
    elif table.status == "playing":
        embed.set_footer(
            text=tr(lang, "lobby.started" if table.thread_id else "lobby.started_here")
        )
    else:
        embed.set_footer(text=tr(lang, "lobby.footer"))
    return embed


def rematch_invite(table: Table, old: Table | None, lang: str) -> str | None:
    """The line a rematch lobby pings the finished match's other members with, so each
    can Join with one click; None for a new table, or when nobody else played."""
    invited = rematch_invited(old, table) if old is not None else []
    if not invited:
        return None
    mentions = ", ".join(f"<@{user_id}>" for user_id in invited)
    return tr(lang, "lobby.rematch_invite", mentions=mentions, table=old.id)


# -- moves in words ----------


def describe_events(table: Table, events: list[dict[str, Any]], lang: str) -> list[str]:
    """The public story of one move: "Ana plays 7o, takes 5c + 3e: ¡escoba!"."""
    lines = []
    for event in events:
        line = _describe_event(table, event, lang)
        if line:
            lines.append(line)
    return lines


def _player(table: Table, seat: int) -> str:
    return table.seats[seat].name if 0 <= seat < len(table.seats) else "?"


def _describe_event(table: Table, event: dict[str, Any], lang: str) -> str | None:
    kind = event["kind"]
    seat = event.get("seat", event.get("dealer", -1))
    words = {
        "player": _player(table, seat),
        "card": card_text(table, event["card"]) if "card" in event else "",
        "cards": " + ".join(card_text(table, c) for c in event.get("cards", ())),
    }
    sweep = tr(lang, f"sweep.{table.game}") if event.get("sweep") else ""
    if kind in ("captured", "claimed"):
        return tr(lang, f"move.{kind}", **words) + sweep
    if kind == "played":
        missed = event["missed"] and _claims_on(table)
        return tr(lang, "move.played_missed" if missed else "move.played", **words)
    if kind == "stole":
        victims = ", ".join(_player(table, victim) for victim in event["victims"])
        text = tr_count(lang, "move.stole", event["pile_cards"], **words, victims=victims)
        return text + (tr(lang, "move.stole_table", **words) if event["cards"] else "")
    if kind == "initial_sweep":
        return tr_count(lang, "move.initial_sweep", event["sweeps"], **words)
    if kind == "leftovers_taken" and event["cards"]:
        return tr(lang, "move.leftovers_aside" if seat < 0 else "move.leftovers", **words)
    if kind == "dealt" and event["round"] > 1:
        return tr(lang, "move.last_deal" if event["last"] else "move.dealt")
    if kind == "redealt":
        return tr(lang, "move.redealt", **words)
    return None


def _claims_on(table: Table) -> bool:
    return table.options.get("capture_rule") == "fournier_claim"


def move_button_label(table: Table, move_info, lang: str) -> str:
    """A capture option on the board: the cards it takes, or the pile it steals."""
    parts = []
    if move_info.claim:
        taken = " + ".join(card_text(table, c) for c in move_info.captures)
        return tr(lang, "choice.claim", card=card_text(table, move_info.card), cards=taken)[:80]
    if move_info.captures:
        parts.append(" + ".join(card_text(table, c) for c in move_info.captures))
    for seat in move_info.steals:
        parts.append(tr(lang, "choice.steal", player=_player(table, seat)))
    if not parts:
        return tr(lang, "choice.lay_down")
    return tr(lang, "choice.take", what=", ".join(parts))[:80]


# -- board ----------

CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
"""The numbers the pictures print on cards, so text, buttons and pictures agree."""


def numbered(index: int) -> str:
    return CIRCLED[index] if index < len(CIRCLED) else f"({index + 1})"


def option_letter(index: int) -> str:
    """The letter the board picture marks an option's cards with."""
    return chr(65 + index)


def card_name(table: Table, card: int, lang: str) -> str:
    """A card in words: "7 de oros", "Fante di coppe", "Queen of hearts"."""
    rank = card % 10 + 1
    deck = _deck(table)
    family = "french" if deck.startswith("french") else "latin"
    if rank == 1:
        rank_text = tr(lang, "card.ace")
    elif rank <= 7 or deck == "french_numeric":
        rank_text = str(rank)
    else:
        rank_text = tr(lang, f"card.{family}.{rank}")
    suit = tr(lang, f"card.suit.{family}.{card // 10}")
    return tr(lang, "card.name", rank=rank_text, suit=suit)


def board_heading(table: Table, lang: str) -> str:
    """Whose turn it is, by name, with the clock; or how the match ended."""
    state = table.state
    if table.status != "playing":
        return f"### {end_text(table, lang)}"
    seat = table.seats[state.turn]
    key = "board.turn_bot" if seat.autoplayed else "board.turn_of"
    lines = [f"### ▶ {tr(lang, key, player=seat_mention(table, state.turn))}"]
    pending = table.ui.pending
    if pending is not None:
        lines.append(tr(lang, "board.choosing", card=card_text(table, pending.card)))
    if table.ui.turn_deadline:
        lines.append(tr(lang, "board.timer", when=f"<t:{int(table.ui.turn_deadline)}:R>"))
    return "\n".join(lines)


def board_table_text(table: Table, lang: str) -> str:
    """The table cards, numbered as the picture numbers them, and a missed 15."""
    view = table.state.observe(table.state.turn)
    cards = [f"{numbered(i)} {card_text(table, c)}" for i, c in enumerate(view.table)]
    lines = [f"**{tr(lang, 'board.table')}:** " + (" ".join(cards) or tr(lang, "board.empty"))]
    if view.claimable >= 0:
        claim = tr(lang, "board.claimable", card=card_text(table, view.claimable))
        lines.append(f"**{tr(lang, 'board.claim_title')}:** {claim}")
    return "\n".join(lines)


def board_log(table: Table, lang: str) -> str:
    """The hand so far: its last events (the dealer's sweep, captures, steals, claims),
    or the whole of the last move once the match is over."""
    events = table.ui.last_events if table.state.is_over else table.ui.log
    lines = describe_events(table, events, lang)
    if not lines:
        lines = [tr(lang, "board.hand_dealt", hand=table.state.hand_no + 1)]
    elif table.ui.auto_move and table.ui.last_seat is not None:
        lines.append(tr(lang, "board.auto_move", player=_player(table, table.ui.last_seat)))
    text = "\n".join(f"• {line}" for line in lines[-LOG_LINES:])
    return f"**{tr(lang, 'board.log')}**\n{text}"[:MAX_TEXT]


def board_status(table: Table, lang: str) -> str:
    """Scores, each player's hand and pile, the stock, and the footer line."""
    state = table.state
    view = state.observe(state.turn)
    lines = []
    if table.game != "rubamazzo":
        scores = " · ".join(
            f"{side_name(table, side)} **{score}**" for side, score in enumerate(state.scores)
        )
        lines.append(f"**{tr(lang, 'board.score', target=state.game.target)}:** {scores}")
    lines.append(_seat_lines(table, view, lang))
    lines.append(f"**{tr(lang, 'board.stock')}:** {view.stock}")
    footer = tr(
        lang,
        "board.footer",
        hand=state.hand_no + 1,
        dealer=_player(table, state.dealer),
        version=table.version,
    )
    title = tr(lang, "board.title", game=game_name(table.game, lang), table=table.id)
    lines.append(f"-# {title} · {footer}")
    return "\n".join(lines)[:MAX_TEXT]


def board_moves(table: Table) -> list[int]:
    """The moves the board offers: a committed card's options, else claims of a missed 15."""
    if table.ui.pending is not None:
        return list(table.ui.pending.moves)
    return [m for m in table.state.legal_moves() if describe_move(m).claim]


def last_played(table: Table) -> int | None:
    """The card shown as just played: a committed card, else the last one played."""
    if table.ui.pending is not None:
        return table.ui.pending.card
    for event in reversed(current_hand_events(table.ui.last_events)):
        if event["kind"] in PLAYED_KINDS:
            return event["card"]
    return None


async def board_pictures(table: Table) -> list[discord.File]:
    """The board's picture to attach, or none when the table shows no pictures.
    It is drawn in a worker thread, off the event loop, from values read here."""
    if not table.ui.images or table.state is None:
        return []
    view = table.state.observe(table.state.turn)
    piles = ()
    if table.game == "rubamazzo":
        piles = [
            (seat.name, top if top >= 0 else None)
            for seat, top in zip(table.seats, view.pile_tops, strict=True)
        ]
    options = [describe_move(move).captures for move in board_moves(table)]
    png = await asyncio.to_thread(
        board_png,
        view.table,
        _deck(table),
        last_played=last_played(table),
        pile_tops=piles,
        options=options if table.status == "playing" else (),
        played_label=tr(table.locale, "board.played_label"),
    )
    return [discord.File(io.BytesIO(png), filename=BOARD_PICTURE)]


def _shows_hand(table: Table, seat: int) -> bool:
    return table.ui.images and table.status == "playing" and bool(table.state.hands[seat])


async def hand_pictures(table: Table, seat: int) -> list[discord.File]:
    """The picture of ``seat``'s hand for its panel, or none (drawn off the loop)."""
    if not _shows_hand(table, seat):
        return []
    hand = tuple(sorted(table.state.hands[seat]))
    png = await asyncio.to_thread(_hand_png, hand, _deck(table))
    return [discord.File(io.BytesIO(png), filename=HAND_PICTURE)]


_hand_png = functools.lru_cache(maxsize=1024)(hand_png)
"""Hands repeat (every panel of a seat shows the same one until it plays): draw once."""


def _deck(table: Table) -> str:
    return table.options.get("deck", "spanish")


def _seat_lines(table: Table, view, lang: str) -> str:
    lines = []
    for seat in range(table.players):
        marker = "▶ " if seat == view.to_act and table.status == "playing" else ""
        parts = [tr(lang, "board.in_hand", count=view.hand_sizes[seat])]
        if table.game == "rubamazzo":
            top = view.pile_tops[seat]
            parts.append(tr(lang, "board.pile", count=view.pile_sizes[seat]))
            if top >= 0:
                parts.append(tr(lang, "board.pile_top", card=card_text(table, top)))
        else:
            parts.append(tr(lang, "board.pile", count=view.pile_sizes[seat]))
            parts.append(tr(lang, f"board.sweeps.{table.game}", count=view.sweeps[seat]))
        if table.seats[seat].away:
            parts.append(tr(lang, "board.away"))
        lines.append(f"{marker}**{_player(table, seat)}** · " + " · ".join(parts))
    return "\n".join(lines)[:1024]


# -- hand panel ----------


def panel_embed(
    table: Table,
    seat: int,
    lang: str,
    *,
    guild_name: str,
    channel_name: str,
    hint: Hint | None = None,
) -> discord.Embed:
    """A player's private panel: their hand, the table, whether it is their turn and,
    at a table with hints on, the coach's suggestion."""
    state = table.state
    view = state.observe(seat)
    title = tr(lang, "panel.title", game=game_name(table.game, lang), table=table.id)
    where = tr(lang, "panel.where", guild=guild_name, channel=channel_name)
    embed = _embed(table, title, where)
    hand = cards_text(table, sorted(view.hand), lang, "panel.hand_empty")
    embed.add_field(name=tr(lang, "panel.hand"), value=hand, inline=False)
    embed.add_field(
        name=tr(lang, "board.table"), value=cards_text(table, view.table, lang), inline=False
    )
    if table.status != "playing":
        status = end_text(table, lang)
    elif state.turn == seat:
        status = tr(lang, "panel.your_turn")
    else:
        status = tr(lang, "panel.waiting", player=_player(table, state.turn))
    embed.add_field(name=tr(lang, "board.turn"), value=status, inline=False)
    if hint is not None:
        embed.add_field(
            name=tr(lang, "panel.hint"), value=hint_text(table, hint, lang)[:1024], inline=False
        )
    embed.set_footer(text=tr(lang, "panel.footer", hand=state.hand_no + 1, version=table.version))
    if _shows_hand(table, seat):
        embed.set_image(url=f"attachment://{HAND_PICTURE}")
    return embed


def hint_text(table: Table, hint: Hint, lang: str) -> str:
    """The coach's hint in words: what the move does, then why, joined by "; "."""
    return "; ".join(_reason_text(table, key, params, lang) for key, params in hint.reasons)


def _reason_text(table: Table, key: str, params: dict[str, Any], lang: str) -> str:
    """One reason in words; cards by name ("Knight of swords"), since a learner
    may not read codes yet."""
    words = dict(params)
    if "card" in words:
        words["card"] = card_name(table, words["card"], lang)
    if "cards" in words:
        words["cards"] = " + ".join(card_name(table, card, lang) for card in words["cards"])
    if "seat" in words:
        words["seat"] = _player(table, words["seat"])
    if "count" in words and count_key(key, 1) in CATALOGS[DEFAULT_LANGUAGE]:
        return tr_count(lang, key, words.pop("count"), **words)
    return tr(lang, key, **words)


# -- results ----------


def hand_score_embed(table: Table, event: dict[str, Any], lang: str) -> discord.Embed:
    """Every scoring category per side for one hand, with the match totals."""
    score = event["score"]
    title = tr(lang, "result.hand_title", hand=event["hand"] + 1, game=game_name(table.game, lang))
    embed = _embed(table, title, "\n".join(describe_events(table, event.get("lead", []), lang)))
    bonuses = replacing_bonuses(table, score["points"])
    replaced = {category for categories in bonuses.values() for category in categories}
    for side, points in enumerate(score["points"]):
        stats = score["stats"][side]
        lines = []
        for category in CATEGORY_ORDER:
            if category in replaced or category not in SCORED_CATEGORIES[table.game]:
                continue
            if category in points or category in stats:
                detail = _stat_detail(table.game, category, stats)
                if category in bonuses:
                    detail = tr(
                        lang, f"result.replaces.{category}.{table.options[BONUS_OPTION[category]]}"
                    )
                lines.append(
                    category_name(category, table.game, lang)
                    + f": **{points.get(category, 0)}**"
                    + (f" ({detail})" if detail else "")
                )
        if table.game != "rubamazzo":  # its cards are its hand's points and the result
            lines.append(tr(lang, "result.hand_points", points=sum(points.values())))
            lines.append(tr(lang, "result.total", total=event["totals"][side]))
        embed.add_field(name=side_name(table, side)[:256], value="\n".join(lines)[:1024])
    return embed


def replacing_bonuses(table: Table, points: list[dict[str, int]]) -> dict[str, tuple[str, ...]]:
    """The bonuses some side scored this hand that take the place of other categories
    (all four sevens, all ten coins), each with the categories it replaced. Those
    categories were not played for anyone this hand, so the sheet leaves them out
    rather than showing "Sevens: 0" next to "All four sevens: 3"."""
    found = {}
    for bonus, option in BONUS_OPTION.items():
        replaced = BONUS_REPLACES.get((bonus, table.options.get(option)))
        if replaced and any(bonus in side_points for side_points in points):
            found[bonus] = replaced
    return found


def _stat_detail(game: str, category: str, stats: dict[str, int]) -> str:
    """The count behind a category's points (Rubamazzo's cards are their own points)."""
    if game == "rubamazzo":
        return ""
    if category in ("cards", "coins", "sevens", "primiera") and category in stats:
        return str(stats[category])
    return ""


def rating_line(name: str, before: int, after: int, lang: str) -> str:
    """``Ana: rating 1000 → 1032 (+32)``, on the scale people see."""
    change = f"{after - before:+d}"
    return tr(lang, "result.rating_change", name=name, before=before, after=after, change=change)


def match_over_embed(table: Table, event: dict[str, Any], lang: str) -> discord.Embed:
    winners = event["winners"]
    if winners:
        names = ", ".join(side_name(table, side) for side in winners)
        team = len(table.engine.sides[winners[0]]) > 1 or len(winners) > 1
        title = tr(lang, "result.winner_team" if team else "result.winner_one", winners=names)
    else:
        title = tr(lang, "result.draw")
    lines = [f"{side_name(table, side)}: **{total}**" for side, total in enumerate(event["totals"])]
    lines.append(tr(lang, f"reason.{event['reason']}"))
    embed = _embed(table, title, "\n".join(lines))
    ratings = [
        rating_line(_player(table, row["seat"]), row["before"], row["after"], lang)
        for row in event.get("ratings", ())
    ]
    if ratings:
        embed.add_field(name=tr(lang, "result.ratings"), value="\n".join(ratings)[:1024])
    embed.set_footer(
        text=tr(lang, "result.footer", game=game_name(table.game, lang), table=table.id)
    )
    return embed


# -- rules ----------


def rules_embed(game: str, options: dict[str, Any], lang: str) -> discord.Embed:
    """The rules in brief for ``game`` as these ``options`` play it."""
    sections = [tr(lang, f"rules.{game}.goal"), tr(lang, f"rules.{game}.play")]
    if game == "escoba":
        sections.append(tr(lang, f"rules.capture.{options['capture_rule']}"))
        sections.append(tr(lang, f"rules.escoba.scoring.{options['scoring_system']}"))
    elif game == "scopa" and options.get("rank_match_priority", True):
        sections.append(tr(lang, "rules.scopa.priority"))
    if game == "scopa":
        sections.append(tr(lang, "rules.scopa.scoring"))
    if game == "rubamazzo":
        sections.append(tr(lang, "rules.rubamazzo.steal"))
    if "target_score" in options:
        sections.append(tr_count(lang, "rules.target", options["target_score"]))
    embed = discord.Embed(
        title=tr(lang, "rules.title", game=game_name(game, lang)),
        description="\n\n".join(sections),
        colour=GAME_COLOURS.get(game, 0x95A5A6),
    )
    return embed
