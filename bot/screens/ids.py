"""Every custom id the bot puts on a component, in one place. Each interactive
component is a ``DynamicItem`` whose custom id carries the table id (and, for moves,
the table version), so buttons keep working after a restart. A click goes straight to
the bot's ``Handlers`` (the croupier); whatever it raises goes to their one error
boundary.

Custom ids (all under 100 characters):
``esc:lobby:<table>:<action>``, ``esc:adv:<table>``, ``esc:hand:<table>``,
``esc:card:<table>:<version>:<card>``, ``esc:move:<table>:<version>:<move hex>``,
``esc:movesel:<table>:<version>``, ``esc:back:<table>:<version>`` (a panel's way back from a
card's captures to the hand), ``esc:rematch:<table>``,
``esc:lb:<game>:<sort>:<page>:<season|all>``, ``esc:bot:<table>`` (the lobby's bot select),
``esc:target:<table>`` (its target select), ``esc:seat:<table>:<back|end>``,
``esc:confirm:<table>:<leave|cancel>``, ``esc:hist`` (the /history select),
``esc:replay:<table>:<step>:<first|back|next|last>`` (the replay viewer's steps),
``esc:replayhand:<table>`` (its hand menu), ``esc:review:<table>`` (a match's review),
``esc:daily:<day>:<game>:<ply>:<c|m|b>:<card or move hex>`` (a daily hand's card, capture
and Back; ``esc:dailysel:…`` its menu of captures), ``esc:tour:<tournament>:<action>`` (a
tournament's sign-up), ``esc:pair:<tournament>:<invitation>:<accept|decline>`` (a tournament
of pairs' invitation, answered by the partner).
"""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord
from discord import ui

from .handlers import Handlers


class _HasHandlers(Protocol):
    croupier: Handlers


def handlers(interaction: discord.Interaction) -> Handlers:
    return cast(_HasHandlers, interaction.client).croupier


def selected(interaction: discord.Interaction) -> list[str]:
    """The values a select sent."""
    data = cast(dict[str, Any], interaction.data or {})
    return list(data.get("values") or [])


class FromCustomId:
    """Rebuilds an item from its custom_id: the template's named groups are the
    constructor's arguments (digits become ints, ``move`` is hexadecimal)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> Self:
        values: dict[str, Any] = {}
        for name, text in match.groupdict().items():
            if text is None:  # an optional part the id leaves out
                continue
            if name == "move":
                values[name] = int(text, 16)
            else:
                values[name] = int(text) if text.isdigit() else text
        return cls(**values)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction)
        except Exception as error:
            await handlers(interaction).answer_error(interaction, error)

    async def act(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class LobbyButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:lobby:(?P<table_id>[0-9]{1,12}):(?P<action>join|leave|start|cancel|hints|team[0-5])",
):
    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:lobby:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_lobby(interaction, self.table_id, self.action)


class AdvancedSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:adv:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:adv:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_advanced(interaction, self.table_id, selected(interaction))


class BotSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:bot:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:bot:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_bot_seat(interaction, self.table_id, selected(interaction))


class TargetSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:target:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:target:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_target(interaction, self.table_id, selected(interaction))


class SeatButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:seat:(?P<table_id>[0-9]{1,12}):(?P<action>back|end)",
):
    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:seat:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_seat(interaction, self.table_id, self.action)


class HandButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:hand:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:hand:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_my_hand(interaction, self.table_id)


class CardButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:card:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<card>[0-9]{1,2})",
):
    def __init__(self, table_id: int, version: int, card: int, **button: Any) -> None:
        custom_id = f"esc:card:{table_id}:{version}:{card}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.card = table_id, version, card

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_card(interaction, self.table_id, self.version, self.card)


class MoveButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:move:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9}):(?P<move>[0-9a-f]{1,14})",
):
    def __init__(self, table_id: int, version: int, move: int, **button: Any) -> None:
        custom_id = f"esc:move:{table_id}:{version}:{move:x}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.version, self.move = table_id, version, move

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_move(interaction, self.table_id, self.version, self.move)


class MoveSelect(
    FromCustomId,
    ui.DynamicItem[ui.Select],
    template=r"esc:movesel:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """The capture options as a select, when there are too many for buttons."""

    def __init__(self, table_id: int, version: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:movesel:{table_id}:{version}", **select))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await handlers(interaction).on_move(interaction, self.table_id, self.version, move)


class BackButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:back:(?P<table_id>[0-9]{1,12}):(?P<version>[0-9]{1,9})",
):
    """A panel showing a card's captures: back to the hand, nothing played."""

    def __init__(self, table_id: int, version: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:back:{table_id}:{version}", **button))
        self.table_id, self.version = table_id, version

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_back(interaction, self.table_id, self.version)


class ConfirmButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:confirm:(?P<table_id>[0-9]{1,12}):(?P<action>leave|cancel)",
):
    """Yes to "end this match for everyone?" (``/leave``, ``/cancel``, End match)."""

    def __init__(self, table_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:confirm:{table_id}:{action}", **button))
        self.table_id, self.action = table_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).end(interaction, self.table_id, self.action, confirmed=True)


class RematchButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:rematch:(?P<table_id>[0-9]{1,12})"
):
    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:rematch:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_rematch(interaction, self.table_id)


class LeaderboardButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=(
        r"esc:lb:(?P<game>[a-z]{1,20}):(?P<sort>rating|wins|matches):(?P<page>[0-9]{1,4})"
        r"(?::(?P<season>all|global|[0-9]{4}-(?:W[0-9]{2}|Q[1-4]|[0-9]{2})))?"
    ),
):
    """A leaderboard page; ``season`` is a season's key, ``all`` (all-time, also what
    a page button from before seasons means) or ``global`` (the global board)."""

    def __init__(
        self, game: str, sort: str, page: int, season: str | None = None, **button: Any
    ) -> None:
        season = season or "all"
        custom_id = f"esc:lb:{game}:{sort}:{page}:{season}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.game, self.sort, self.page, self.season = game, sort, page, season

    async def act(self, interaction: discord.Interaction) -> None:
        season = "" if self.season == "all" else self.season
        await handlers(interaction).on_leaderboard_page(
            interaction, self.game, self.sort, self.page, season
        )


class HistorySelect(FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:hist"):
    def __init__(self, **select: Any) -> None:
        super().__init__(ui.Select(custom_id="esc:hist", **select))

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_history_pick(interaction, selected(interaction))


class ReplayButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:replay:(?P<table_id>[0-9]{1,12}):(?P<step>[0-9]{1,5}):(?P<name>first|back|next|last|open)",
):
    """A replay viewer's step button (``name`` keeps two buttons to one step apart),
    or the score sheet's Replay (``open``, step 0)."""

    def __init__(self, table_id: int, step: int, name: str, **button: Any) -> None:
        custom_id = f"esc:replay:{table_id}:{step}:{name}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.table_id, self.step, self.name = table_id, step, name

    async def act(self, interaction: discord.Interaction) -> None:
        replay = handlers(interaction).on_replay_step
        await replay(interaction, self.table_id, self.step, opens=self.name == "open")


class ReplayHandSelect(
    FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:replayhand:(?P<table_id>[0-9]{1,12})"
):
    """A replay viewer's menu of hands; each option's value is the step of its deal."""

    def __init__(self, table_id: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:replayhand:{table_id}", **select))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["0"]
        step = int(values[0]) if values[0].isdigit() and len(values[0]) <= 5 else 0
        await handlers(interaction).on_replay_step(interaction, self.table_id, step)


class ReviewButton(
    FromCustomId, ui.DynamicItem[ui.Button], template=r"esc:review:(?P<table_id>[0-9]{1,12})"
):
    """A match's review, privately (the replay viewer's and the score sheet's)."""

    def __init__(self, table_id: int, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:review:{table_id}", **button))
        self.table_id = table_id

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_review(interaction, self.table_id)


DAILY_ID = r"(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2}):(?P<game>[a-z]{1,20}):(?P<ply>[0-9]{1,3})"


class DailyButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:daily:" + DAILY_ID + r":(?P<kind>c|m|b):(?P<move>[0-9a-f]{1,14})",
):
    """A daily hand's card (``c``), capture or declaration (``m``), or Back (``b``)."""

    def __init__(self, day: str, game: str, ply: int, kind: str, move: int, **button: Any):
        custom_id = f"esc:daily:{day}:{game}:{ply}:{kind}:{move:x}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.where, self.kind, self.move = (day, game, ply), kind, move

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_daily(interaction, *self.where, self.kind, self.move)


class DailySelect(FromCustomId, ui.DynamicItem[ui.Select], template=r"esc:dailysel:" + DAILY_ID):
    """A daily hand's captures as a menu, when there are too many for buttons."""

    def __init__(self, day: str, game: str, ply: int, **select: Any) -> None:
        super().__init__(ui.Select(custom_id=f"esc:dailysel:{day}:{game}:{ply}", **select))
        self.where = (day, game, ply)

    async def act(self, interaction: discord.Interaction) -> None:
        values = selected(interaction) or ["x"]
        move = int(values[0], 16) if re.fullmatch(r"[0-9a-f]{1,14}", values[0]) else -1
        await handlers(interaction).on_daily(interaction, *self.where, "m", move)


class TournamentButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:tour:(?P<tournament_id>[0-9]{1,12}):(?P<action>join|leave|start|cancel)",
):
    """A tournament's sign-up button."""

    def __init__(self, tournament_id: int, action: str, **button: Any) -> None:
        super().__init__(ui.Button(custom_id=f"esc:tour:{tournament_id}:{action}", **button))
        self.tournament_id, self.action = tournament_id, action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_tournament(interaction, self.tournament_id, self.action)


class InvitationButton(
    FromCustomId,
    ui.DynamicItem[ui.Button],
    template=r"esc:pair:(?P<tournament_id>[0-9]{1,12}):(?P<number>[0-9]{1,4}):(?P<action>accept|decline)",
):
    def __init__(self, tournament_id: int, number: int, action: str, **button: Any) -> None:
        custom_id = f"esc:pair:{tournament_id}:{number}:{action}"
        super().__init__(ui.Button(custom_id=custom_id, **button))
        self.where, self.action = (tournament_id, number), action

    async def act(self, interaction: discord.Interaction) -> None:
        await handlers(interaction).on_invitation(interaction, *self.where, self.action)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    AdvancedSelect,
    BotSelect,
    TargetSelect,
    SeatButton,
    HandButton,
    CardButton,
    MoveButton,
    MoveSelect,
    BackButton,
    ConfirmButton,
    RematchButton,
    LeaderboardButton,
    HistorySelect,
    ReplayButton,
    ReplayHandSelect,
    ReviewButton,
    DailyButton,
    DailySelect,
    TournamentButton,
    InvitationButton,
)


def is_known_custom_id(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
