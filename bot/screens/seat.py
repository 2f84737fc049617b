"""A quick-play match's seat: one message in each member's DMs with the bot is their
whole seat, edited in place: who they play, the score, what happened this hand, the
table's picture and cards, their hand as buttons (a card's captures in place), and at
the end the result with their rating change, the replay, the review and "Don't pair me
with them again". The hand panel (``hand_panel``) with the board's parts added."""

from __future__ import annotations

import discord
from discord import ui

from ..ai.coach import Hint
from ..i18n import tr
from ..tables import REACTIONS, Table
from .board import BOARD_PICTURE, board_pictures, log_text
from .cards import CardFaces
from .common import (
    card_words,
    category_name,
    game_name,
    green,
    grey,
    player_name,
    red,
    side_name,
)
from .hand_panel import CardChoice, panel_message
from .ids import (
    AgainButton,
    BlockButton,
    ReactSelect,
    ReplayButton,
    ReviewButton,
    SeatButton,
)
from .match_over import match_over_embed

SHOWN_REACTIONS = 2
REACTION_EMOJIS = ("🤝", "👏", "😅", "🙏")
"""The emojis of ``REACTIONS``, in their order."""


def seat_message(
    table: Table,
    seat: int,
    lang: str,
    *,
    faces: CardFaces,
    hint: Hint | None,
    choice: CardChoice | None,
) -> tuple[discord.Embed, ui.View]:
    shown, view = panel_message(
        table,
        seat,
        lang,
        guild_name="",
        channel_name="",
        hint=hint,
        board_url=None,
        faces=faces,
        choice=choice,
    )
    shown.title = tr(lang, "seat.title", game=game_name(table.game, lang), table=table.id)
    story = log_text(table, card_words(table, lang, faces))
    said = "".join(f"\n{line}" for line in reactions_said(table, seat, lang))
    shown.description = f"{versus(table, seat, lang)}{said}\n\n{story}"
    if table.engine.plays_to_target:
        target = table.match.public_observation().target
        name = tr(lang, "board.score", target=target)
        shown.insert_field_at(0, name=name, value=_scores(table), inline=False)
    if last := _last_hand(table, lang):
        shown.insert_field_at(1, name=last[0], value=last[1], inline=False)
    if table.settings.images and table.status == "playing":
        shown.set_image(url=f"attachment://{BOARD_PICTURE}")
    if not table.is_live:
        _add_result(shown, table, seat, lang)
        view = end_view(table, lang)
    elif choice is None:
        _add_seat_buttons(view, table, seat, lang)
    return shown, view


async def seat_pictures(table: Table) -> list[discord.File]:
    """The table's picture for every seat (the hand is in the buttons)."""
    return await board_pictures(table) if table.status == "playing" else []


def versus(table: Table, seat: int, lang: str) -> str:
    """``**You** (🦊 1012) vs **🦉 1034**`` (with partners: ``You (…) & 🐢 998 vs …``):
    the log and the score name the member as the others see them."""
    sides = table.engine.sides
    mine = table.engine.side_of[seat]
    names = {index: f"**{player_name(table, index)}**" for index in range(len(table.seats))}
    names[seat] = f"**{tr(lang, 'seat.you')}** ({player_name(table, seat)})"
    ours = " & ".join(names[index] for index in sides[mine])
    theirs = " · ".join(
        " & ".join(names[index] for index in side) for s, side in enumerate(sides) if s != mine
    )
    return tr(lang, "seat.versus", ours=ours, theirs=theirs)


def _scores(table: Table) -> str:
    public = table.match.public_observation()
    return " · ".join(
        f"{side_name(table, side)}: **{score}**" for side, score in enumerate(public.scores)
    )


def _last_hand(table: Table, lang: str) -> tuple[str, str] | None:
    """The last scored hand: each side's points and the categories that made them."""
    event = next((e for e in reversed(table.log.results) if e["kind"] == "hand_scored"), None)
    if event is None:
        return None
    lines = []
    for side, points in enumerate(event["score"]["points"]):
        won = [category_name(name, table, lang) for name, value in points.items() if value]
        total = event["score"]["totals"][side]
        extra = f" ({', '.join(won)})" if won else ""
        lines.append(f"{side_name(table, side)} **+{total}**{extra}")
    return tr(lang, "seat.last_hand", hand=event["hand"] + 1), "\n".join(lines)[:1024]


def _add_result(shown: discord.Embed, table: Table, seat: int, lang: str) -> None:
    """The match's result: who won, the final score, why, and this member's rating."""
    event = next((e for e in reversed(table.log.results) if e["kind"] == "match_over"), None)
    if event is None:
        return
    result = match_over_embed(table, event, lang)
    mine = [
        field.value
        for field in result.fields
        if field.name == tr(lang, "result.ratings") and field.value
    ]
    lines = [f"**{result.title}**", result.description or "", *mine]
    shown.insert_field_at(
        0, name=tr(lang, "seat.result"), value="\n".join(lines)[:1024], inline=False
    )


def reactions_said(table: Table, seat: int, lang: str) -> list[str]:
    """The others' latest reactions: ``💬 🦉 1034: Well played!``."""
    said = [r for r in table.log.reactions if r[0] != seat][-SHOWN_REACTIONS:]
    return [
        tr(lang, "react.said", name=player_name(table, r[0]), reaction=_reaction(r[1], lang))
        for r in said
    ]


def _reaction(index: int, lang: str) -> str:
    return tr(lang, f"react.{REACTIONS[index]}")


def _add_seat_buttons(view: ui.View, table: Table, seat: int, lang: str) -> None:
    """The reactions' menu, "I'm back" while the bot plays the seat, and Leave (after a
    confirmation)."""
    options = [
        discord.SelectOption(label=_reaction(i, lang), value=str(i), emoji=REACTION_EMOJIS[i])
        for i in range(len(REACTIONS))
    ]
    placeholder = tr(lang, "react.placeholder")
    view.add_item(ReactSelect(table.id, options=options, placeholder=placeholder, row=3))
    if table.seats[seat].away:
        label = tr(lang, "seat.back_button")
        view.add_item(SeatButton(table.id, "back", label=label, style=green, row=4))
    label = tr(lang, "seat.leave_button")
    view.add_item(SeatButton(table.id, "leave", label=label, style=grey, row=4))


def end_view(table: Table, lang: str) -> ui.View:
    """A finished match's rematch (once everyone asks), replay, review and, facing
    members, the block."""
    view = ui.View(timeout=None)
    view.add_item(AgainButton(table.id, label=tr(lang, "result.rematch"), style=green))
    view.add_item(ReplayButton(table.id, 0, "open", label=tr(lang, "replay.button"), emoji="⏯"))
    view.add_item(ReviewButton(table.id, label=tr(lang, "review.button"), emoji="🔍"))
    if sum(1 for seat in table.seats if seat.bot is None) > 1:
        label = tr(lang, "pool.block_button")
        view.add_item(BlockButton(table.id, label=label, emoji="🚫", style=red))
    return view
