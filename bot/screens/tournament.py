"""A tournament's messages in its channel: the sign-up (with Join, Leave, Start and
Cancel), each round's pairings (the post that pings the entrants), the standings (one
message, edited in place; a knock-out's with its bracket picture), the podium, and
``/tournament results``. A pairings post is told among the bot's messages by its heading
and first board (``PairingsPost.sent_as``), the podium by its title: no marker."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import UTC, datetime

import discord
from discord import ui

from ..i18n import DECIMAL_COMMA, count_key, tr, tr_count
from ..pictures import bracket_png, podium_png
from ..pictures.bracket import Match
from ..tournaments import rules
from ..tournaments.model import MIN_ENTRANTS, Pairing, Tournament
from ..tournaments.pairing import BYE
from .common import GAME_COLOURS, blue, game_name, green, grey, red
from .ids import TournamentButton

SHOWN_LINES = 24
"""Standings lines shown (the embed's description holds 4096 characters)."""
MEDALS = ("🥇", "🥈", "🥉")
EMBEDS_LENGTH = 6000
"""The characters Discord takes in a message's embeds together."""
MAX_FIELDS = 25
"""The fields Discord takes in an embed."""
BRACKET = "bracket.png"
PODIUM = "podium.png"
MENTIONS_PER_POST = 40
"""Boards per pairings post (a message holds 2000 characters)."""


def entrant_name(tournament: Tournament, number: int, lang: str) -> str:
    if number in (BYE, rules.NOBODY):
        return tr(lang, "tournament.bye" if number == BYE else "tournament.nobody")
    entrant = tournament.entrant(number)
    return tr(lang, "bot.name.expert") if entrant.bot else entrant.name


def _title(tournament: Tournament, lang: str) -> str:
    game = game_name(tournament.game, lang)
    return tr(lang, "tournament.title", game=game, id=tournament.id)


def _round_length(tournament: Tournament, lang: str) -> str:
    """A live round's minutes, or a slow tournament's pace (its rounds have no clock)."""
    if tournament.is_slow:
        return tr(lang, "tournament.slow", pace=tr(lang, f"pace.{tournament.pace}"))
    return tr(lang, "tournament.minutes", minutes=tournament.round_minutes)


def _about(tournament: Tournament, lang: str) -> str:
    """Format, rounds, minutes a round, each match's target, team size, bots, start."""
    parts = [
        tr(lang, f"tournament.format.{tournament.format}"),
        _rounds_text(tournament, lang),
        _round_length(tournament, lang),
    ]
    if "target_score" in tournament.options:  # how long a match is
        parts.append(tr_count(lang, "tournament.target", tournament.options["target_score"]))
    if tournament.team_size > 1:
        parts.append(tr(lang, "tournament.pairs"))
    if tournament.bots_fill:
        parts.append(tr(lang, "tournament.bots_fill"))
    text = " · ".join(parts)
    if tournament.starts_at and tournament.status == "signup":
        when = discord.utils.format_dt(datetime.fromtimestamp(tournament.starts_at, UTC), "R")
        text += "\n" + tr(lang, "tournament.starts", when=when)
    return text


def _rounds_text(tournament: Tournament, lang: str) -> str:
    """The rounds it plays ("3 rounds"): before its start (or cancelled before it), unless
    the host chose a Swiss's, those of the field so far (at least the fewest it starts
    with), and up to those of a full field when it would play more ("2 rounds for 4
    entrants, up to 4 with 16")."""
    if tournament.round or tournament.rounds_chosen:
        return tr_count(lang, "tournament.rounds", tournament.rounds)
    field = max(len(tournament.entrants), MIN_ENTRANTS)
    rounds = rules.default_rounds(tournament.format, field)
    most = rules.default_rounds(tournament.format, tournament.capacity)
    text = tr_count(lang, "tournament.rounds", rounds)
    if most == rounds:
        return text
    return tr(
        lang,
        "tournament.rounds_grow",
        rounds=text,
        entrants=field,
        most=most,
        capacity=tournament.capacity,
    )


def signup_message(tournament: Tournament, lang: str) -> tuple[discord.Embed, ui.View]:
    """The sign-up: who entered, and the buttons while it is open."""
    embed = discord.Embed(
        title=f"🏆 {_title(tournament, lang)}",
        description=_about(tournament, lang),
        colour=GAME_COLOURS.get(tournament.game),
    )
    names = [f"{e.number}. {entrant_name(tournament, e.number, lang)}" for e in tournament.entrants]
    shown = "\n".join(names[:60]) + (f"\n… +{len(names) - 60}" if len(names) > 60 else "")
    count = f"{len(tournament.entrants)}/{tournament.capacity}"
    embed.add_field(
        name=tr(lang, "tournament.entrants", count=count),
        value=shown[:1024] or tr(lang, "tournament.none_yet"),
        inline=False,
    )
    embed.set_footer(text=tr(lang, f"tournament.status.{tournament.status}"))
    view = ui.View(timeout=None)
    if tournament.status == "signup":
        for action, style in (("join", green), ("leave", grey), ("start", blue), ("cancel", red)):
            label = tr(lang, f"tournament.button.{action}")
            view.add_item(TournamentButton(tournament.id, action, label=label, style=style))
    return embed, view


@dataclass(frozen=True, slots=True)
class PairingsPost:
    """One message of a round's pairings, and what tells it among the bot's messages:
    the round's heading and its first board ("**41.**")."""

    text: str
    heading: str
    first_board: str

    def sent_as(self, content: str) -> bool:
        """Whether ``content``, a message of the bot's, is this post as it was sent,
        whatever changed since (a result, the round's end moved by a pause)."""
        first, _, rest = content.partition("\n")
        return first.startswith(self.heading) and rest.startswith(self.first_board)


def pairings_posts(tournament: Tournament, round_no: int, lang: str) -> list[PairingsPost]:
    """The round's pairings as messages that mention every entrant (so each is pinged
    once), in parts of ``MENTIONS_PER_POST`` boards."""
    pairings = tournament.round_pairings(round_no)
    chunks = [
        pairings[start : start + MENTIONS_PER_POST]
        for start in range(0, len(pairings), MENTIONS_PER_POST)
    ] or [[]]
    paired = "tournament.round_paired_slow" if tournament.is_slow else "tournament.round_paired"
    heading = tr(lang, paired, round=round_no, title=_title(tournament, lang))
    ends = tournament.round_ends_at
    posts = []
    for part, chunk in enumerate(chunks, start=1):
        head = heading
        if ends and part == 1:
            when = discord.utils.format_dt(datetime.fromtimestamp(ends, UTC), "R")
            head += " " + tr(lang, "tournament.round_ends", when=when)
        lines = [head, *(_pairing_line(tournament, p, lang, mention=True) for p in chunk)]
        first_board = f"**{chunk[0].board}.**" if chunk else ""
        posts.append(PairingsPost("\n".join(lines)[:2000], heading, first_board))
    return posts


def _pairing_line(tournament: Tournament, pairing: Pairing, lang: str, *, mention: bool) -> str:
    def who(number: int) -> str:
        if number in (BYE, rules.NOBODY):
            return entrant_name(tournament, number, lang)
        entrant = tournament.entrant(number)
        if entrant.bot or not mention:
            return entrant_name(tournament, number, lang)
        return " & ".join(f"<@{member}>" for member in entrant.members)

    line = f"**{pairing.board}.** {who(pairing.a)} – {who(pairing.b)}"
    if pairing.decided:
        line += " · " + _result_text(tournament, pairing, lang)
    elif tournament.status == "cancelled":
        line += " · " + tr(lang, "tournament.result.cancelled")
    elif pairing.table_id is not None and not mention:
        line += " · " + tr(lang, "tournament.playing", table=pairing.table_id)
    return line


def _result_text(tournament: Tournament, pairing: Pairing, lang: str) -> str:
    if pairing.is_bye:
        return tr(lang, "tournament.result.bye")
    if pairing.winner is None:
        return tr(lang, "tournament.result.draw", a=pairing.score_a, b=pairing.score_b)
    if pairing.winner == rules.NOBODY:
        return tr(lang, f"tournament.result.nobody.{pairing.decided_by}")
    winner = entrant_name(tournament, pairing.winner, lang)
    mine, theirs = pairing.score_a, pairing.score_b
    if pairing.winner == pairing.b:  # the winner's score first: "Bea wins 4–0"
        mine, theirs = theirs, mine
    scores = f"{mine}–{theirs}"
    return tr(lang, f"tournament.result.{pairing.decided_by}", winner=winner, score=scores)


def standings_message(
    tournament: Tournament, lang: str, room: int = EMBEDS_LENGTH
) -> tuple[discord.Embed, list[discord.File]]:
    """The standings (Swiss) or the bracket (knock-out), and each round's matches, the
    latest first, as many rounds as ``room`` characters (and an embed's fields) hold."""
    title = tr(
        lang,
        "tournament.standings_title",
        title=_title(tournament, lang),
        round=tournament.round,
        rounds=tournament.rounds,
    )
    embed = discord.Embed(title=f"🏆 {title}", colour=GAME_COLOURS.get(tournament.game))
    files: list[discord.File] = []
    if tournament.format == "swiss":
        embed.description = _standings_text(tournament, lang)
    else:
        files.append(_bracket_file(tournament, lang))
        embed.set_image(url=f"attachment://{BRACKET}")
    embed.set_footer(text=tr(lang, f"tournament.status.{tournament.status}"))
    for round_no in range(tournament.round, 0, -1):
        _add_round(embed, tournament, round_no, lang)
        if len(embed) > room or len(embed.fields) > MAX_FIELDS:
            embed.remove_field(-1)
            break
    return embed, files


def _add_round(embed: discord.Embed, tournament: Tournament, round_no: int, lang: str) -> None:
    """A field listing the matches of round ``round_no``, if it has any."""
    lines = [
        _pairing_line(tournament, p, lang, mention=False)
        for p in tournament.round_pairings(round_no)
    ]
    if lines:
        name = _round_title(tournament, round_no, lang)
        embed.add_field(name=name, value=_fit_lines(lines, 1024), inline=False)


def _standings_text(tournament: Tournament, lang: str) -> str:
    lines = []
    for place, line in enumerate(rules.current_standings(tournament), start=1):
        entrant = tournament.entrant(line.entrant)
        mark = MEDALS[place - 1] if place <= 3 and tournament.status == "finished" else f"{place}."
        gone = " ~~" if not entrant.active else ""
        lines.append(
            tr(
                lang,
                "tournament.standing_line",
                place=mark,
                name=entrant_name(tournament, line.entrant, lang) + gone,
                points=f"{line.points / 2:g}",
                record=f"{line.wins}–{line.draws}–{line.losses}",
                buchholz=f"{line.buchholz / 2:g}",
                per_hand=f"{line.per_hand:+.1f}",
            )
        )
    head = tr(lang, "tournament.standings_head")
    return _fit_lines([head, *lines[:SHOWN_LINES]], 4000)


def _fit_lines(lines: list[str], limit: int) -> str:
    text = ""
    for line in lines:
        if len(text) + len(line) + 3 > limit:
            return text + "\n…"
        text = f"{text}\n{line}" if text else line
    return text


def _bracket_file(tournament: Tournament, lang: str) -> discord.File:
    """The bracket: every round's column from the start, a slot empty until decided."""
    numbers = range(1, tournament.rounds + 1)
    titles = [_round_title(tournament, number, lang) for number in numbers]
    png = bracket_png(_bracket_columns(tournament, lang), titles, current=tournament.round - 1)
    return discord.File(io.BytesIO(png), filename=BRACKET)


def _bracket_columns(tournament: Tournament, lang: str) -> list[list[Match]]:
    """Each round's matches: as paired, or, for a round not paired yet, the winners of
    the round before known so far ("" for a slot not decided)."""
    columns: list[list[Match]] = []
    going_on: list[str] = []
    for number in range(1, tournament.rounds + 1):
        pairings = tournament.round_pairings(number)
        if pairings:
            columns.append([_bracket_match(tournament, pairing, lang) for pairing in pairings])
            going_on = [_going_on(tournament, pairing, lang) for pairing in pairings]
        else:
            slots = zip(going_on[::2], going_on[1::2], strict=True)
            columns.append([(a, b, None) for a, b in slots])
            going_on = [""] * len(columns[-1])
    return columns


def _going_on(tournament: Tournament, pairing: Pairing, lang: str) -> str:
    """Who goes through a match, once decided."""
    if not pairing.decided:
        return ""
    return entrant_name(tournament, rules.advancing(tournament, pairing), lang)


def _bracket_match(tournament: Tournament, pairing: Pairing, lang: str) -> Match:
    """A paired match's box: its entrants (or "bye") and the winner's side once decided."""
    side = None
    if pairing.decided and pairing.winner not in (None, rules.NOBODY):
        side = 0 if pairing.winner == pairing.a else 1
    a, b = (entrant_name(tournament, number, lang) for number in (pairing.a, pairing.b))
    return a, b, side


def _round_title(tournament: Tournament, number: int, lang: str) -> str:
    """A round's name: "Round 2"; a knock-out's last three "Quarter-finals", "Semi-finals"
    and "Final"."""
    left = tournament.rounds - number
    if tournament.format == "knockout" and left < 3:
        return tr(lang, f"tournament.ko_round.{left}")
    return tr(lang, "tournament.round", round=number)


def _points(halves: int, lang: str) -> str:
    """A score in points (kept in half points): "1 pt", "2.5 pts"; "1 punto", "2,5 punti"."""
    figure = f"{halves / 2:g}"
    if lang in DECIMAL_COMMA:
        figure = figure.replace(".", ",")
    return tr(lang, count_key("tournament.points", 1 if halves == 2 else 0), points=figure)


def podium_message(tournament: Tournament, lang: str) -> tuple[discord.Embed, discord.File]:
    """The final podium, with its picture: each place's entrants by name (a knock-out's
    two losing semi-finalists share the third block), a Swiss's with their points."""
    places = rules.podium(tournament)
    lines, pictured = [], []
    points = {line.entrant: line.points for line in rules.current_standings(tournament)}
    for place, numbers in enumerate(places):
        names = [entrant_name(tournament, number, lang) for number in numbers]
        lines += [f"{MEDALS[place]} {name}" for name in names]
        swiss = tournament.format == "swiss" and numbers
        figure = _points(points.get(numbers[0], 0), lang) if swiss else ""
        pictured.append((" · ".join(names) or "—", figure))  # "—": a place left empty
    embed = discord.Embed(
        title=f"🏆 {tr(lang, 'tournament.podium_title', title=_title(tournament, lang))}",
        description="\n".join(lines) or tr(lang, "tournament.no_podium"),
        colour=GAME_COLOURS.get(tournament.game),
    )
    embed.set_image(url=f"attachment://{PODIUM}")
    file = discord.File(io.BytesIO(podium_png(pictured[:3])), filename=PODIUM)
    return embed, file


def results_message(
    tournament: Tournament, lang: str
) -> tuple[list[discord.Embed], list[discord.File]]:
    """``/tournament results``: the podium, the final standings (or bracket) and each
    round's matches, the latest first, as many as the message holds."""
    if tournament.status != "finished":
        standings, files = standings_message(tournament, lang)
        return [standings], files
    podium, picture = podium_message(tournament, lang)
    standings, files = standings_message(tournament, lang, room=EMBEDS_LENGTH - len(podium))
    return [podium, standings], [picture, *files]
