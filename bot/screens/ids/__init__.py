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
``esc:target:<table>`` (its target select), ``esc:seat:<table>:<back|end|leave>``,
``esc:confirm:<table>:<leave|cancel>``, ``esc:claim:<table>:<version>`` (a friends' table's
claim of a turn whose time is up), ``esc:hist`` (the /history select),
``esc:replay:<table>:<step>:<first|back|next|last>`` (the replay viewer's steps),
``esc:replayhand:<table>`` (its hand menu), ``esc:review:<table>`` (a match's review),
``esc:daily:<day>:<game>:<ply>:<c|m|b>:<card or move hex>`` (a daily hand's card, capture
and Back; ``esc:dailysel:…`` its menu of captures), ``esc:tour:<tournament>:<action>`` (a
tournament's sign-up), ``esc:pair:<tournament>:<invitation>:<accept|decline>`` (a tournament
of pairs' invitation, answered by the partner); puzzles' ids in ``ids.puzzles``.
"""

from __future__ import annotations

from typing import Any

from discord import ui

from .events import DailyButton, DailySelect, InvitationButton, TournamentButton
from .puzzles import PuzzleButton, PuzzleNextButton, PuzzleSelect
from .quick import AgainButton, BlockButton, DuoButton, PoolButton, ReactSelect
from .records import (
    HistorySelect,
    LeaderboardButton,
    ReplayButton,
    ReplayHandSelect,
    ReviewButton,
)
from .tables import (
    AdvancedSelect,
    BackButton,
    BotSelect,
    CardButton,
    ClaimButton,
    ConfirmButton,
    HandButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
    RematchButton,
    SeatButton,
    TargetSelect,
)
from .watch import WatchButton

DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    AdvancedSelect,
    BotSelect,
    TargetSelect,
    SeatButton,
    HandButton,
    CardButton,
    ClaimButton,
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
    PoolButton,
    BlockButton,
    ReactSelect,
    DuoButton,
    AgainButton,
    WatchButton,
    PuzzleButton,
    PuzzleSelect,
    PuzzleNextButton,
)


def is_known_custom_id(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)
