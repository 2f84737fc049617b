"""What a slow table tells its members in their DMs: the turn message (their hand
panel with what happened since their last turn, the score and their clock, in one
message they play from), the reminder, and the stand-in's or the forfeit's line.

Times are Discord timestamps (``<t:…>``): each member reads them in their own time
zone and language."""

from __future__ import annotations

from typing import Any

import discord

from ..ai.coach import Hint
from ..i18n import tr, tr_count
from ..tables import Table
from ..tables.pace import on_vacation
from .board import log_text
from .cards import CardFaces
from .common import card_words, player_name, side_name, table_game_name
from .hand_panel import CardChoice, panel_message


def turn_message(
    table: Table,
    seat: int,
    lang: str,
    *,
    where: str,
    faces: CardFaces,
    hint: Hint | None,
    choice: CardChoice | None,
) -> tuple[discord.Embed, Any]:
    """A slow table's panel: the hand panel, with the hand so far, the score and the
    turn's clock; ``where`` names the server and channel it is played in."""
    shown, view = panel_message(
        table,
        seat,
        lang,
        guild_name="",
        channel_name=where,
        hint=hint,
        board_url=None,
        faces=faces,
        choice=choice,
    )
    story = log_text(table, card_words(table, lang, faces), you=seat)
    shown.description = f"{where}\n\n{story}" if where else story
    if table.state is not None and table.engine.plays_to_target:
        scores = table.match.public_observation().scores
        text = " · ".join(f"{side_name(table, s)}: **{n}**" for s, n in enumerate(scores))
        shown.insert_field_at(0, name=tr(lang, "slow.score"), value=text, inline=False)
    if (clock := clock_text(table, seat, lang)) is not None:
        shown.add_field(name=tr(lang, "slow.clock"), value=clock, inline=False)
    return shown, view


def clock_text(table: Table, seat: int, lang: str) -> str | None:
    """Whose move it is and until when (None: no clock runs)."""
    deadline = table.turn.deadline
    if table.status != "playing" or deadline is None:
        return None
    when = int(deadline)
    turn = table.match.turn
    if (paused := on_vacation(table, turn)) is not None:
        back = f"<t:{int(paused)}:f>"
        name = tr(lang, "seat.you") if turn == seat else player_name(table, turn)
        return tr(lang, "slow.paused_clock", player=name, back=back, at=f"<t:{when}:f>")
    if turn == seat:
        return tr(lang, "slow.your_move_by", at=f"<t:{when}:f>", left=f"<t:{when}:R>")
    name = player_name(table, table.match.turn)
    return tr(lang, "slow.their_move_by", player=name, at=f"<t:{when}:f>", left=f"<t:{when}:R>")


def paused_text(table: Table, seat: int, lang: str, until: float | None) -> str:
    """Another member of the table is on vacation ``until`` (None: back)."""
    name = player_name(table, seat)
    game = table_game_name(table, lang)
    if until is None:
        return tr(lang, "slow.vacation_over", player=name, game=game, table=table.id)
    back = f"<t:{int(until)}:f>"
    return tr(lang, "slow.vacation_told", player=name, game=game, table=table.id, back=back)


def digest_text(waiting: int, lang: str) -> str:
    """The daily digest: how many slow matches wait for the member's move."""
    return tr_count(lang, "slow.digest", waiting)


def reminder_text(table: Table, seat: int, lang: str) -> str:
    """The reminder at 80% of a turn's time."""
    when = int(table.turn.deadline or 0)
    return tr(
        lang,
        "slow.reminder",
        game=table_game_name(table, lang),
        table=table.id,
        left=f"<t:{when}:R>",
        at=f"<t:{when}:f>",
    )


def timed_out_text(table: Table, lang: str, *, forfeited: bool) -> str:
    """The line a member whose slow turn ran out reads in their DMs."""
    key = "slow.you_forfeited" if forfeited else "slow.you_timed_out"
    return tr(lang, key, game=table_game_name(table, lang), table=table.id)


def vacation_answer(until: float | None, days_left: float, lang: str) -> str:
    """``/vacation``'s answer: until when the clocks stand still, and the days left."""
    left = int(days_left)
    if until is None:
        return tr(lang, "vacation.back", left=left)
    return tr(lang, "vacation.on", until=f"<t:{int(until)}:f>", left=left)


def slow_profile_text(settings: dict[str, Any], days_left: float, now: float, lang: str) -> str:
    """What ``/profile`` says of slow play: reminders, the digest's hour, forced moves,
    the vacation."""
    reminders = tr(
        lang, "profile.reminders_on" if settings["slow_reminders"] else "profile.reminders_off"
    )
    hour = settings["digest_hour"]
    if hour is None:
        digest = tr(lang, "profile.digest_off")
    else:
        day = int(now // 86400) * 86400
        digest = tr(lang, "profile.digest_at", at=f"<t:{day + hour * 3600}:t>", hour=hour)
    until = settings["vacation_until"]
    if until is not None and until > now:
        away = tr(lang, "vacation.on", until=f"<t:{int(until)}:f>", left=int(days_left))
    else:
        away = tr(lang, "profile.vacation_left", left=int(days_left))
    forced = tr(lang, "profile.forced_on" if settings["auto_forced"] else "profile.forced_off")
    return "\n".join((reminders, digest, forced, away))
