"""The lobby message: the table's options and seats, with Join, Leave, Start, Cancel,
Hints, the team buttons, the Advanced rules menu, the bot menu and the target menu.

The Advanced menu offers the game's menu choices (``Game.menu_choices``) that fit
the table and change something, and those already chosen, to undo them.
"""

from __future__ import annotations

import discord
from discord import ui

from ..ai.levels import LADDER
from ..games import ONE_HAND
from ..i18n import tr, tr_count
from ..tables import Table, is_slow, planned_sides, rematch_invited, rule_fits
from ..tournaments.model import match_of
from .common import (
    advanced_text,
    blue,
    deck_of,
    embed,
    end_text,
    green,
    grey,
    player_name,
    red,
    table_game_name,
)
from .ids import AdvancedSelect, BotSelect, LobbyButton, TargetSelect

VALUE_KEYS = {
    "scoring_system": "scoring",
    "capture_rule": "capture",
    "scopone_deal": "adv.scopone_deal",
}
"""Where the catalog words the values of the options a lobby summary names."""


def lobby_message(table: Table, lang: str) -> tuple[discord.Embed, ui.View]:
    return lobby_embed(table, lang), lobby_view(table, lang)


def option_summary(table: Table, lang: str) -> str:
    """The table's main options, one per line."""
    options = table.options
    lines = [
        tr(lang, "lobby.players", players=table.players),
        tr(lang, f"lobby.deck.{deck_of(table)}"),
    ]
    if "target_score" in options:
        lines.append(tr_count(lang, "lobby.target", options["target_score"]))
    for name in table.engine.summary_options:
        value = tr(lang, f"{VALUE_KEYS[name]}.{options[name]}")
        lines.append(tr(lang, f"lobby.option.{name}", value=value))
    if len(table.engine.sides) < table.players:
        lines.append(tr(lang, "lobby.teams_on"))
    timer = table.settings.turn_timer
    if is_slow(table):  # its clock is the pace's
        lines.append(tr(lang, "lobby.pace", pace=tr(lang, f"pace.{table.settings.pace}")))
    elif timer:
        lines.append(tr(lang, "lobby.timer", seconds=timer))
    else:
        lines.append(tr(lang, "lobby.timer_off"))
    for name, value in table.settings.advanced.items():
        if name != "deck":  # the deck has its own line
            lines.append(advanced_text(name, value, lang))
    if table.settings.hints:
        lines.append(tr(lang, "lobby.hints"))
    if table.settings.private:
        lines.append(tr(lang, "lobby.private"))
    return "\n".join(lines)


def lobby_embed(table: Table, lang: str) -> discord.Embed:
    title = tr(lang, "lobby.title", game=table_game_name(table, lang), table=table.id)
    summary = option_summary(table, lang)
    if table.settings.tournament:
        tournament_id, round_no, board = match_of(table.settings.tournament)
        match = tr(lang, "lobby.tournament", id=tournament_id, round=round_no, board=board)
        summary = f"**{match}**\n{summary}"
    shown = embed(table, title, summary)
    shown.add_field(name=tr(lang, "lobby.seats"), value=_seat_lines(table, lang), inline=False)
    if table.status in ("cancelled", "finished"):
        shown.set_footer(text=end_text(table, lang))
    elif table.status == "playing":
        shown.set_footer(
            text=tr(lang, "lobby.started" if table.thread_id else "lobby.started_here")
        )
    else:
        shown.set_footer(text=tr(lang, "lobby.footer"))
    return shown


def _seat_lines(table: Table, lang: str) -> str:
    lines = []
    teams = len(table.engine.sides) < table.players
    sides = planned_sides(table) if teams else []
    for index in range(table.players):
        if index >= len(table.seats):
            lines.append(f"{index + 1}. " + tr(lang, "lobby.free_seat"))
            continue
        seat = table.seats[index]
        line = f"{index + 1}. {player_name(table, index)}"  # a list of names: no ping
        if seat.user_id == table.host_id and not table.settings.tournament:
            line += " " + tr(lang, "lobby.host_mark")
        if teams:  # bots and members who did not choose are placed as at Start
            line += " · " + tr(lang, "lobby.team_name", team=chr(65 + sides[index]))
        lines.append(line)
    return "\n".join(lines)


def lobby_view(table: Table, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    if table.status != "lobby":
        return view
    t = table.id
    full = len(table.seats) >= table.players
    join = tr(lang, "lobby.join")
    view.add_item(LobbyButton(t, "join", label=join, style=green, disabled=full, row=0))
    view.add_item(LobbyButton(t, "leave", label=tr(lang, "lobby.leave"), style=grey, row=0))
    view.add_item(LobbyButton(t, "start", label=tr(lang, "lobby.start"), style=blue, row=0))
    view.add_item(LobbyButton(t, "cancel", label=tr(lang, "lobby.cancel"), style=red, row=0))
    hints = tr(lang, "lobby.hints_on" if table.settings.hints else "lobby.hints_off")
    view.add_item(LobbyButton(t, "hints", label=hints, style=grey, row=0))
    sides = len(table.engine.sides)
    if sides < table.players:
        for team in range(sides):
            label = tr(lang, "lobby.team_button", team=chr(65 + team))
            view.add_item(LobbyButton(t, f"team{team}", label=label, style=grey, row=1))
    # a tournament's matches are its server's to watch; a friends' table is never watched
    if not (table.settings.tournament or table.settings.clicks):
        private = tr(lang, "lobby.private_on" if table.settings.private else "lobby.private_off")
        view.add_item(LobbyButton(t, "private", label=private, style=grey, row=1))
    placeholder = tr(lang, "lobby.advanced")
    options = _advanced_options(table, lang)
    view.add_item(AdvancedSelect(t, options=options, placeholder=placeholder, row=2))
    bots = [
        discord.SelectOption(
            label=tr(lang, level.key),
            value=level.name,
            emoji=level.emoji,
            description=_level_line(table, level.number, lang),
        )
        for level in LADDER
    ]
    bots.append(discord.SelectOption(label=tr(lang, "lobby.remove_bot"), value="remove"))
    view.add_item(BotSelect(t, options=bots, placeholder=tr(lang, "lobby.add_bot"), row=3))
    if "target_score" in table.options:
        view.add_item(_target_select(table, lang))
    return view


def _level_line(table: Table, number: int, lang: str) -> str:
    """ "Level 3", and "suits the host" by the level the offer rule gives them."""
    if number == table.settings.suited_level:
        return tr(lang, "bot.level_suits", number=number)
    return tr(lang, "bot.level_number", number=number)


def _advanced_options(table: Table, lang: str) -> list[discord.SelectOption]:
    """The menu's choices, by their index in ``Game.menu_choices``."""
    chosen = tr(lang, "lobby.adv_chosen")
    options = []
    for index, (name, value) in enumerate(table.engine.menu_choices):
        is_chosen = table.settings.has_chosen(name, value)
        if is_chosen or (table.options.get(name) != value and rule_fits(table, name, value)):
            label = advanced_text(name, value, lang)[:100]
            description = chosen if is_chosen else None
            options.append(
                discord.SelectOption(label=label, value=str(index), description=description)
            )
    return options


def _target_select(table: Table, lang: str) -> TargetSelect:
    """The host's target score menu, on the lobby's last row (row 4: Discord allows five
    rows, and the buttons, teams, advanced rules and bots take rows 0 to 3)."""
    current = int(table.options["target_score"])
    options = [
        discord.SelectOption(
            label=tr_count(lang, "lobby.target_option", target),
            value=str(target),
            default=target == current,
        )
        for target in sorted({ONE_HAND, *table.engine.targets, current})
    ]
    placeholder = tr(lang, "lobby.target_pick")
    return TargetSelect(table.id, options=options, placeholder=placeholder, row=4)


def rematch_invite(table: Table, old: Table | None, lang: str) -> str | None:
    """The line a rematch lobby pings the finished match's other members with, so each
    can Join with one click; None for a new table, or when nobody else played."""
    invited = rematch_invited(old, table) if old is not None else []
    if not invited or old is None:
        return None
    mentions = ", ".join(f"<@{user_id}>" for user_id in invited)
    return tr(lang, "lobby.rematch_invite", mentions=mentions, table=old.id)


def bot_name(table: Table, level: str) -> str:
    """``🤖 Hard bot``, numbered when the table already has one of that level."""
    name = tr(table.locale, f"bot.name.{level}")
    same = sum(1 for seat in table.seats if seat.bot == level)
    return f"{name} {same + 1}" if same else name
