"""``/watch``'s answer: the matches the member may watch now, numbered, each with its
Watch button; and the Watch buttons under a tournament's standings or bracket."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord
from discord import ui

from ..i18n import tr
from ..tournaments.model import Tournament
from .common import blue, grey, side_name, table_game_name
from .ids import WatchButton
from .watch import PublicTable

PER_ROW = 5
MAX_TOURNAMENT_BUTTONS = 25


@dataclass(frozen=True, slots=True)
class Listed:
    """A match in a ``/watch`` list: as watchers see it, whether it is its tournament's
    last round, its best member's rating (0 with bots alone), and whether the asker
    played with one of its members before (``friend``)."""

    seen: PublicTable
    final: bool = False
    rating: int = 0
    friend: bool = False

    @property
    def tournament(self) -> bool:
        return bool(self.seen.shell.settings.tournament)


def watch_list(matches: Sequence[Listed], lang: str) -> ui.LayoutView:
    """The list, most interesting first, or why there is nothing to watch."""
    view = ui.LayoutView(timeout=None)
    lines = [f"### 👁 {tr(lang, 'watch.list_title')}"]
    if not matches:
        lines.append(tr(lang, "watch.none"))
    for number, listed in enumerate(matches, start=1):
        lines.append(f"**{number}.** {_entry(listed, lang)}")
    parts: list[ui.Item] = [ui.TextDisplay("\n".join(lines))]
    for start in range(0, len(matches), PER_ROW):
        row: ui.ActionRow = ui.ActionRow()
        for number, listed in enumerate(matches[start : start + PER_ROW], start=start + 1):
            button = WatchButton(listed.seen.shell.id, "open", label=str(number), emoji="👁")
            row.add_item(button)
        parts.append(row)
    view.add_item(ui.Container(*parts))
    return view


def _entry(listed: Listed, lang: str) -> str:
    """ "Scopa · Ana vs Bob · 7–3 · Final": the game, the sides, the score, why listed."""
    seen = listed.seen
    shell = seen.shell
    parts = [table_game_name(shell, lang), _sides(seen)]
    public = seen.public
    if public is not None and shell.engine.plays_to_target:
        parts.append("–".join(str(score) for score in public.scores))
    if listed.final:
        parts.append(f"🏆 {tr(lang, 'watch.final')}")
    elif listed.tournament:
        parts.append(f"🏆 {tr(lang, 'watch.tournament')}")
    if listed.friend:
        parts.append(f"🤝 {tr(lang, 'watch.friend')}")
    if shell.settings.quick is not None:
        parts.append(tr(lang, "watch.quick"))
    elif listed.rating:
        parts.append(tr(lang, "watch.rating", rating=listed.rating))
    return " · ".join(parts)


def _sides(seen: PublicTable) -> str:
    shell = seen.shell
    names = (side_name(shell, side) for side in range(len(shell.engine.sides)))
    return discord.utils.escape_markdown(" vs ".join(names))


def tournament_watch_view(tournament: Tournament, lang: str) -> ui.View | None:
    """A Watch button by each match of the round in play (at most 25), or None."""
    playing = [
        pairing
        for pairing in tournament.round_pairings()
        if pairing.table_id is not None and not pairing.decided and tournament.is_live
    ]
    if not playing:
        return None
    view = ui.View(timeout=None)
    for pairing in playing[:MAX_TOURNAMENT_BUTTONS]:
        assert pairing.table_id is not None
        label = tr(lang, "watch.board", board=pairing.board)
        style = blue if len(playing) == 1 else grey
        view.add_item(WatchButton(pairing.table_id, "open", label=label, emoji="👁", style=style))
    return view
