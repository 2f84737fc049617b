"""Buttons and selects. Every interactive component is a ``DynamicItem`` whose custom_id
carries the table id (and, for moves, the table version), so buttons keep working
after a restart. Callbacks hand straight over to the croupier (``bot.croupier``).

Custom ids (all under 100 characters):
``esc:lobby:<table>:<action>``, ``esc:adv:<table>``, ``esc:hand:<table>``,
``esc:card:<table>:<version>:<card>``, ``esc:move:<table>:<version>:<move hex>``,
``esc:movesel:<table>:<version>``, ``esc:rematch:<table>``, ``esc:lb:<game>:<sort>:<page>``,
``esc:bot:<table>`` (the lobby's bot select), ``esc:target:<table>`` (its target select),
``esc:seat:<table>:<back|end>``, ``esc:confirm:<table>:<leave|cancel>``,
``esc:hist`` (the /history select).
"""

from __future__ import annotations

import logging
import re
from typing import TypeVar

import discord
from discord import ui

from .ai.seats import LEVELS
from .games import describe_move
from .i18n import language_of, tr, tr_count
from .render import (
    BOARD_PICTURE,
    GAME_COLOURS,
    advanced_text,
    board_heading,
    board_log,
    board_moves,
    board_status,
    board_table_text,
    card_name,
    move_button_label,
    numbered,
    option_letter,
    suit_emoji,
)
from .tables import Table, TableError, validate_options

log = logging.getLogger(__name__)

V = TypeVar("V", bound=ui.View | ui.LayoutView)

MAX_MOVE_BUTTONS = 15
TARGETS = (11, 15, 21, 31)
"""The target scores the lobby offers (RULES.md: 21 and 31 Fournier, 15 Argentina, 11
Scopa); a table opened with another keeps it in the list."""
ADVANCED_CHOICES: dict[str, tuple[tuple[str, object], ...]] = {
    "escoba": (
        ("deck", "spanish"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("dealer_selection", "high_card_draw"),
        ("initial_30_rule", "partition"),
        ("initial_sweep_to", "mano"),
        ("refill_after_initial_sweep", True),
        ("claim_window", "passes_on"),
        ("claim_counts_as_escoba", True),
        ("leftover_if_no_capturer", "dealer"),
        ("sevens_point", "majority_no_tiebreak"),
        ("sevens_point", "count_tiebreak"),
        ("sevens_point", "setenta_lex"),
        ("sevens_point", "primiera_sum"),
        ("all_oros_mode", "replace"),
        ("all_oros_mode", "additive"),
        ("all_oros_mode", "off"),
        ("under10_mode", "two_sided_only"),
        ("under10_mode", "per_opponent"),
        ("under10_mode", "off"),
        ("shutout_rule", "lose_match"),
        ("shutout_rule", "multi_side_end_match"),
        ("shutout_rule", "off"),
        ("majority_definition", "absolute"),
    ),
    "scopa": (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("rank_match_priority", False),
        ("scopa_on_last_play", True),
        ("primiera_face_values", "8_9_10"),
    ),
    "rubamazzo": (
        ("deck", "italian"),
        ("deck", "french_faces"),
        ("deck", "french_numeric"),
        ("hand_size", 9),
        ("allow_sum_capture", False),
        ("rank_match_priority", False),
        ("equal_rank_take", "all"),
        ("must_take", False),
        ("steal_vs_capture", "table_first"),
        ("steal_vs_capture", "both"),
        ("steal_by_sum", True),
        ("steal_multiple", "all_matching"),
        ("leftover_to_last_taker", False),
        ("tie_policy", "draw"),
        ("ace_takes_all", True),
        ("ace_takes_all_in_last_round", False),
    ),
}


def advanced_value(game: str, index: int) -> tuple[str, object]:
    return ADVANCED_CHOICES[game][index]


class FromCustomId:
    """Rebuilds an item from its custom_id: the template's named groups are the
    constructor's arguments (digits become ints, ``move`` is hexadecimal)."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        values = {}
        for name, text in match.groupdict().items():
            if name == "move":
                values[name] = int(text, 16)
            else:
                values[name] = int(text) if text.isdigit() else text
        return cls(**values)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction)
        except TableError as error:
            await _croupier(interaction).refuse(interaction, error)
        except Exception:
            log.exception(
                "component %s failed in guild %s",
                (interaction.data or {}).get("custom_id"),
                interaction.guild_id,
            )
            await reply(interaction, tr(language_of(interaction.locale), "error.internal"))


async def reply(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def _croupier(interaction: discord.Interaction):
    return interaction.client.croupier  # type: ignore[attr-defined]


class LobbyButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:lobby:(?P<table_id>[0-9]{1,12}):(?P<action>join|leave|start|cancel|hints|team[0-5])",
):
    def __init__(self, table_id: int, action: str, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:lobby:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_lobby(interaction, self.table_id, self.action)


class AdvancedSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:adv:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select) -> None:
        super().__init__(ui.Select(custom_id=f"esc:adv:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await _croupier(interaction).on_advanced(interaction, self.table_id, values)


class BotSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:bot:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select) -> None:
        super().__init__(ui.Select(custom_id=f"esc:bot:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await _croupier(interaction).on_bot_seat(interaction, self.table_id, values)


class TargetSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:target:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select) -> None:
        super().__init__(ui.Select(custom_id=f"esc:target:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await _croupier(interaction).on_target(interaction, self.table_id, values)


class SeatButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:seat:(?P<table_id>[0-9]{1,12}):(?P<action>back|end)",
):
    def __init__(self, table_id: int, action: str, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:seat:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_seat(interaction, self.table_id, self.action)


class HandButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:hand:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:hand:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_my_hand(interaction, self.table_id)


class CardButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:card:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<card>[0-9]{1,2})",
):
    def __init__(self, table_id: int, version: int, card: int, **button) -> None:
        custom_id = f"esc:card:{table_id}:{version}:{card}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.card = table_id, version, card

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_card(interaction, self.table_id, self.version, self.card)


class MoveButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:move:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<move>[0-9a-f]{1,14})",
):
    def __init__(self, table_id: int, version: int, move: int, **button) -> None:
        custom_id = f"esc:move:{table_id}:{version}:{move:x}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.move = table_id, version, move

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_move(interaction, self.table_id, self.version, self.move)


class MoveSelect(
    FromCustomId,
    ui.DynamicItem[ui.Select],
    template=r"esc:movesel:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """The capture options as a select, when there are too many for buttons."""

    def __init__(self, table_id: int, version: int, **select) -> None:
        super().__init__(ui.Select(custom_id=f"esc:movesel:{table_id}:{version}", **select))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await _croupier(interaction).on_move(interaction, self.table_id, self.version, move)


class ConfirmButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:confirm:(?P<table_id>[0-9]{1,12}):(?P<action>leave|cancel)",
):
    """Yes to "end this match for everyone?" (``/leave``, ``/cancel``, End match)."""

    def __init__(self, table_id: int, action: str, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:confirm:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).end(interaction, self.table_id, self.action, confirmed=True)


class RematchButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:rematch:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:rematch:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await _croupier(interaction).on_rematch(interaction, self.table_id)


class LeaderboardButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:lb:(?P<game>escoba|scopa|rubamazzo):(?P<sort>rating|wins|matches)"
    r":(?P<page>[0-9]{1,4})",
):
    def __init__(self, game: str, sort: str, page: int, **button) -> None:
        super().__init__(ui.Button(custom_id=f"esc:lb:{game}:{sort}:{page}", **button))
        self.game, self.sort, self.page = game, sort, page

    async def act(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the page is read from the database
        lang = await _croupier(interaction).public_lang(interaction)
        await interaction.client.leaderboards.on_page(  # type: ignore[attr-defined]
            interaction, self.game, self.sort, self.page, lang
        )


class HistorySelect(FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:hist"):
    def __init__(self, **select) -> None:
        super().__init__(ui.Select(custom_id="esc:hist", **select))

    async def act(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await interaction.client.history.on_pick(interaction, values)  # type: ignore[attr-defined]


DYNAMIC_ITEMS = (
    LobbyButton,
    AdvancedSelect,
    BotSelect,
    TargetSelect,
    SeatButton,
    HandButton,
    CardButton,
    MoveButton,
    MoveSelect,
    ConfirmButton,
    RematchButton,
    LeaderboardButton,
    HistorySelect,
)


def is_known_custom_id(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


# -- views ----------


def lobby_view(table: Table, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    if table.status != "lobby":
        return view
    t = table.id
    full = len(table.seats) >= table.players
    join = tr(lang, "lobby.join")
    view.add_item(LobbyButton(t, "join", label=join, style=_green, disabled=full, row=0))
    view.add_item(LobbyButton(t, "leave", label=tr(lang, "lobby.leave"), style=_grey, row=0))
    view.add_item(LobbyButton(t, "start", label=tr(lang, "lobby.start"), style=_blue, row=0))
    view.add_item(LobbyButton(t, "cancel", label=tr(lang, "lobby.cancel"), style=_red, row=0))
    hints = tr(lang, "lobby.hints_on" if table.ui.hints else "lobby.hints_off")
    view.add_item(LobbyButton(t, "hints", label=hints, style=_grey, row=0))
    sides = len(table.engine.sides)
    if sides < table.players:
        for team in range(sides):
            label = tr(lang, "lobby.team_button", team=chr(65 + team))
            view.add_item(LobbyButton(t, f"team{team}", label=label, style=_grey, row=1))
    chosen = tr(lang, "lobby.adv_chosen")
    options = []
    for index, (name, value) in enumerate(ADVANCED_CHOICES[table.game]):
        is_chosen = table.ui.has_chosen(name, value)
        if is_chosen or (table.options.get(name) != value and _fits(table, name, value)):
            label = advanced_text(name, value, lang)[:100]
            description = chosen if is_chosen else None
            options.append(
                discord.SelectOption(label=label, value=str(index), description=description)
            )
    placeholder = tr(lang, "lobby.advanced")
    view.add_item(AdvancedSelect(t, options=options, placeholder=placeholder, row=2))
    bots = [
        discord.SelectOption(label=tr(lang, f"bot.level.{level}"), value=level) for level in LEVELS
    ]
    bots.append(discord.SelectOption(label=tr(lang, "lobby.remove_bot"), value="remove"))
    view.add_item(BotSelect(t, options=bots, placeholder=tr(lang, "lobby.add_bot"), row=3))
    if "target_score" in table.options:
        view.add_item(_target_select(table, lang))
    return view


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
        for target in sorted({*TARGETS, current})
    ]
    placeholder = tr(lang, "lobby.target_pick")
    return TargetSelect(table.id, options=options, placeholder=placeholder, row=4)


def _fits(table: Table, name: str, value: object) -> bool:
    """Whether the table's other rules allow ``value`` (nine cards a deal do not fit three
    players). The menu offers the choices that fit and that change something, and those
    already chosen, to undo them."""
    try:
        validate_options(table.game, {**table.options, name: value})
    except TableError:
        return False
    return True


def board_layout(table: Table, lang: str) -> ui.LayoutView:
    """The board, a Components V2 message: whose turn it is, the picture, the table
    cards, the hand's log, scores and piles, then the capture options and "My hand"."""
    view = ui.LayoutView(timeout=None)
    parts: list[ui.Item] = [ui.TextDisplay(board_heading(table, lang))]
    if table.ui.images:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD_PICTURE}")))
    parts.append(ui.TextDisplay(board_table_text(table, lang)))
    parts.append(ui.TextDisplay(board_log(table, lang)))
    parts.append(ui.Separator())
    parts.append(ui.TextDisplay(board_status(table, lang)))
    if table.status == "playing":
        parts.extend(_option_rows(table, lang))
        parts.append(_board_buttons(table, lang))
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(table.game)))
    return view


def _option_rows(table: Table, lang: str) -> list[ui.ActionRow]:
    """The board decisions of the player to act (capture choices, claims, steals), as
    buttons lettered like the picture's marks, or a select when there are many."""
    moves = board_moves(table)
    if not moves:
        return []
    labels = [
        f"{option_letter(i)} · {move_button_label(table, describe_move(m), lang)}"[:80]
        for i, m in enumerate(moves)
    ]
    rows: list[ui.ActionRow] = []
    if len(moves) <= MAX_MOVE_BUTTONS:
        for start in range(0, len(moves), 5):
            row = ui.ActionRow()
            for label, move in zip(
                labels[start : start + 5], moves[start : start + 5], strict=True
            ):
                row.add_item(MoveButton(table.id, table.version, move, label=label, style=_green))
            rows.append(row)
        return rows
    options = [
        discord.SelectOption(label=label[:100], value=f"{move:x}")
        for label, move in zip(labels[:25], moves[:25], strict=True)
    ]
    select = MoveSelect(
        table.id, table.version, options=options, placeholder=tr(lang, "board.choose")
    )
    return [ui.ActionRow(select)]


def _board_buttons(table: Table, lang: str) -> ui.ActionRow:
    row = ui.ActionRow(HandButton(table.id, label=tr(lang, "board.my_hand"), style=_blue))
    if any(seat.away for seat in table.seats):
        row.add_item(SeatButton(table.id, "back", label=tr(lang, "seat.back_button"), style=_green))
        row.add_item(SeatButton(table.id, "end", label=tr(lang, "seat.end_button"), style=_red))
    return row


def ping_view(table: Table, lang: str) -> ui.View:
    """The turn ping's "My hand", so nobody has to find the board."""
    view = ui.View(timeout=None)
    view.add_item(HandButton(table.id, label=tr(lang, "board.my_hand"), style=_blue))
    return unstored(view)


def unstored(view: V) -> V:
    """A view sent as components only: its items are ``DynamicItem``s, which the bot
    answers from their custom ids (``DYNAMIC_ITEMS``), so discord.py need not keep the
    view for the message (a kept view also goes with its message when that is deleted)."""
    view.stop()
    return view


def panel_view(table: Table, seat: int, lang: str, *, board_url: str | None) -> ui.View:
    """The player's cards as buttons, enabled on their turn."""
    view = ui.View(timeout=None)
    state = table.state
    active = table.status == "playing" and state.turn == seat and table.ui.pending is None
    for index, card in enumerate(sorted(state.hands[seat])):
        view.add_item(
            CardButton(
                table.id,
                table.version,
                card,
                label=f"{numbered(index)} {card_name(table, card, lang)}"[:80],
                emoji=suit_emoji(table, card),
                style=_green if active else _grey,
                disabled=not active,
                row=index // 5,
            )
        )
    if board_url:
        view.add_item(ui.Button(label=tr(lang, "panel.go_to_board"), url=board_url, row=2))
    return view


def confirm_view(table_id: int, action: str, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    label = tr(lang, f"confirm.{action}_button")
    view.add_item(ConfirmButton(table_id, action, label=label, style=_red))
    return view


def rematch_view(table: Table, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(RematchButton(table.id, label=tr(lang, "result.rematch"), style=_green))
    return view


def leaderboard_view(game: str, sort: str, page: int, pages: int, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(
        LeaderboardButton(
            game,
            sort,
            max(page - 1, 0),
            label=tr(lang, "leaderboard.previous"),
            disabled=page <= 0,
        )
    )
    view.add_item(
        LeaderboardButton(
            game,
            sort,
            min(page + 1, max(pages - 1, 0)),
            label=tr(lang, "leaderboard.next"),
            disabled=page >= pages - 1,
        )
    )
    return view


def history_view(matches: list[tuple[int, str]], lang: str) -> ui.View:
    """A select of (table id, label) pairs that opens a match's score sheet."""
    view = ui.View(timeout=None)
    options = [
        discord.SelectOption(label=label[:100], value=str(table_id)) for table_id, label in matches
    ]
    view.add_item(HistorySelect(placeholder=tr(lang, "history.pick"), options=options[:25]))
    return view


_green = discord.ButtonStyle.success
_grey = discord.ButtonStyle.secondary
_blue = discord.ButtonStyle.primary
_red = discord.ButtonStyle.danger
