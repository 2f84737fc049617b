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
from ..tables import REACTIONS, Table, against_level, is_slow
from .board import BOARD_PICTURE, board_pictures, log_text, sealed_text
from .cards import CardFaces
from .common import (
    card_words,
    category_name,
    end_text,
    green,
    grey,
    player_name,
    red,
    score_title,
    seen_name,
    side_name,
    table_game_name,
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
from .match_over import match_reason, rating_line
from .slow import clock_text
from .verify import revealed

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
    shown.title = tr(lang, "seat.title", game=table_game_name(table, lang), table=table.id)
    story = log_text(table, card_words(table, lang, faces), you=seat)
    said = "".join(f"\n{line}" for line in reactions_said(table, seat, lang))
    shown.description = f"{versus(table, seat, lang)}{said}\n\n{story}"
    if not table.is_live:
        shown.clear_fields()  # a finished seat shows no hand, table or turn
    if table.engine.plays_to_target:
        name = score_title(lang, table.match.public_observation().target)
        shown.insert_field_at(0, name=name, value=_scores(table, seat, lang), inline=False)
    if last := _last_hand(table, seat, lang):
        shown.insert_field_at(1, name=last[0], value=last[1], inline=False)
    if is_slow(table) and (clock := clock_text(table, seat, lang)) is not None:
        shown.add_field(name=tr(lang, "slow.clock"), value=clock, inline=False)
    if table.settings.images and table.status == "playing":
        shown.set_image(url=f"attachment://{BOARD_PICTURE}")
    if table.log.commitment and table.is_live:
        sealed = sealed_text(table, lang).replace("`", "")  # a footer shows no markdown
        shown.set_footer(text=f"{shown.footer.text} · {sealed}")
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


def _scores(table: Table, seat: int, lang: str) -> str:
    """Each side's score, the member's own side named "You" (a name that is a rating
    would read as a score)."""
    public = table.match.public_observation()
    return " · ".join(
        f"{_side(table, side, seat, lang)}: **{score}**" for side, score in enumerate(public.scores)
    )


def _side(table: Table, side: int, seat: int, lang: str) -> str:
    mine = side == table.engine.side_of[seat]
    return tr(lang, "seat.you") if mine else side_name(table, side)


def _last_hand(table: Table, seat: int, lang: str) -> tuple[str, str] | None:
    """The last scored hand: each side's points and the categories that made them."""
    event = next((e for e in reversed(table.log.results) if e["kind"] == "hand_scored"), None)
    if event is None:
        return None
    lines = []
    for side, points in enumerate(event["score"]["points"]):
        won = [category_name(name, table, lang) for name, value in points.items() if value]
        total = event["score"]["totals"][side]
        extra = f" ({', '.join(won)})" if won else ""
        lines.append(f"{_side(table, side, seat, lang)} **+{total}**{extra}")
    return tr(lang, "seat.last_hand", hand=event["hand"] + 1), "\n".join(lines)[:1024]


def _add_result(shown: discord.Embed, table: Table, seat: int, lang: str) -> None:
    """The match's result as this member lives it: won or lost, the final score and
    why, their own rating change; the seed, revealed."""
    event = next((e for e in reversed(table.log.results) if e["kind"] == "match_over"), None)
    if event is None or table.log.forfeited:
        lines = [f"**{_outcome(table, seat, None, lang)}**", end_text(table, lang)]
    else:
        lines = [f"**{_outcome(table, seat, event, lang)}**"]
        lines += [
            f"{_side(table, side, seat, lang)}: **{total}**"
            for side, total in enumerate(event["totals"])
        ]
        lines.append(match_reason(table, event["reason"], lang))
    rated = table.log.ratings or (event or {}).get("ratings", ())  # kept in the event before
    if against_level(table):  # unrated: the member's rating did not move
        lines.append(tr(lang, "result.against_level"))
        if chosen := table.log.next_levels.get(str(table.seats[seat].user_id)):
            lines.append(tr(lang, "result.next_level", number=chosen))
    else:
        lines += [_my_rating(row, lang) for row in rated if row["seat"] == seat]
    shown.insert_field_at(
        0, name=tr(lang, "seat.result"), value="\n".join(lines)[:1024], inline=False
    )
    if table.log.commitment:
        shown.add_field(name=tr(lang, "fair.revealed_title"), value=revealed(table, lang))


def _outcome(table: Table, seat: int, event: dict | None, lang: str) -> str:
    """ "You win!", "You lose.", a draw, or how a match that did not finish ended for
    this member (a forfeit either way, or nobody's)."""
    mine = table.engine.side_of[seat]
    if table.log.forfeited:
        lost = {table.engine.side_of[index] for index in table.log.forfeited}
        if len(lost) == len(table.engine.sides):
            return tr(lang, "result.forfeited")
        return tr(lang, "seat.lost_forfeit" if mine in lost else "seat.won_forfeit")
    if event is None:
        return tr(lang, "seat.ended")
    if not event["winners"]:
        return tr(lang, "result.draw")
    return tr(lang, "seat.won" if mine in event["winners"] else "seat.lost")


def _my_rating(row: dict, lang: str) -> str:
    return rating_line(tr(lang, "seat.you"), row["before"], row["after"], lang)


def reactions_said(table: Table, seat: int, lang: str) -> list[str]:
    """The reactions said since this seat's last turn, the member's own too:
    ``💬 🦉 1034: Well played!``, ``💬 You: Thanks``. A finished match's are gone."""
    if not table.is_live:
        return []
    recent = table.version - len(table.seats)
    said = [r for r in table.log.reactions if r[2] >= recent][-SHOWN_REACTIONS:]
    return [
        tr(
            lang,
            "react.said",
            name=seen_name(table, r[0], lang, seat),
            reaction=_reaction(r[1], lang),
        )
        for r in said
    ]


def _reaction(index: int, lang: str) -> str:
    return tr(lang, f"react.{REACTIONS[index]}")


def _add_seat_buttons(view: ui.View, table: Table, seat: int, lang: str) -> None:
    """The reactions' menu, "I'm back" while the bot plays the seat, and Leave (after a
    confirmation)."""
    said = _last_said(table, seat)
    options = [
        discord.SelectOption(
            label=_reaction(i, lang), value=f"{i}.{said}", emoji=REACTION_EMOJIS[i]
        )
        for i in range(len(REACTIONS))
    ]
    placeholder = tr(lang, "react.placeholder")
    view.add_item(ReactSelect(table.id, options=options, placeholder=placeholder, row=3))
    if table.seats[seat].away:
        label = tr(lang, "seat.back_button")
        view.add_item(SeatButton(table.id, "back", label=label, style=green, row=4))
    label = tr(lang, "seat.leave_button")
    view.add_item(SeatButton(table.id, "leave", label=label, style=grey, row=4))


def _last_said(table: Table, seat: int) -> int:
    """The turn of the seat's latest reaction (0: none yet). The menu's option values
    carry it, so after each reaction they are new ones and no client keeps the pick
    shown (a client shows a pick while the menu still offers it)."""
    said = [r[2] for r in table.log.reactions if r[0] == seat]
    return said[-1] if said else 0


def end_view(table: Table, lang: str) -> ui.View:
    """A finished match's rematch (once everyone asks; not after a forfeit), replay,
    review and, facing members, the block."""
    view = ui.View(timeout=None)
    if table.status == "finished":  # not with someone who left it
        view.add_item(AgainButton(table.id, label=tr(lang, "result.rematch"), style=green))
    view.add_item(ReplayButton(table.id, 0, "open", label=tr(lang, "replay.button"), emoji="⏯"))
    view.add_item(ReviewButton(table.id, label=tr(lang, "review.button"), emoji="🔍"))
    if sum(1 for seat in table.seats if seat.bot is None) > 1:
        label = tr(lang, "pool.block_button")
        view.add_item(BlockButton(table.id, label=label, emoji="🚫", style=red))
    return view
