"""The error boundary: every refused or failed click and command is answered here, in
the clicker's language, privately; slash commands reach it through the command tree's
``on_error``, components through their callback (``screens.ids``).

- A refusal (``TableError``) says why; a click on a stale panel also brings that panel
  up to date through the same click.
- A check that failed (a command used outside a server, a right the member lacks)
  says so.
- An expected database fault says what is wrong in words a member understands (busy:
  try again in a few seconds; full or read-only: the admins have been told), with one
  WARNING line in the log, no traceback.
- A button of no known form, or one not on the clicked message, is "not recognised".
- Anything else is logged with its traceback and answered "something went wrong;
  nothing was changed", or, when the service had already saved the change, "it was
  saved, the table will show it" (never a false "nothing was changed").
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

import discord
from discord import app_commands

from .i18n import language_of, tr
from .publishing import Publisher
from .screens.common import reply
from .screens.ids import is_known_custom_id
from .storage import ClaimLost
from .storage.faults import fault_kind
from .tables import StalePanel, TableError, TableService

log = logging.getLogger(__name__)


class Guarded(Protocol):
    boundary: ErrorBoundary


H = TypeVar("H", bound=Guarded)
P = ParamSpec("P")


def refusals_answered(
    handler: Callable[Concatenate[H, discord.Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[H, discord.Interaction, P], Awaitable[None]]:
    """A handler whose refusals (``TableError``) the boundary answers: a refusal is
    an answer, not a failure, so it never reaches the command tree's error handler."""

    @functools.wraps(handler)
    async def answered(
        self: H, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except TableError as refusal:
            await self.boundary.answer(interaction, refusal)

    return answered


class ErrorBoundary:
    """Answers what handlers raise, for one bot."""

    def __init__(self, service: TableService, publisher: Publisher) -> None:
        self.service = service
        self.publisher = publisher

    async def answer(self, interaction: discord.Interaction, error: BaseException) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, ClaimLost):
            return  # the process that claimed the table's shard answers from now on
        lang = language_of(interaction.locale)
        if isinstance(cause, TableError):
            text = tr(lang, cause.key, **cause.params)
        elif isinstance(cause, app_commands.NoPrivateMessage):
            text = tr(lang, "error.guild_only")
        elif isinstance(cause, app_commands.CheckFailure):
            text = tr(lang, "error.not_allowed")
        elif (fault := fault_kind(cause)) is not None:
            log.warning("%s: the database is %s: %s", _what(interaction), fault, cause)
            text = tr(lang, f"error.db_{fault}")
        elif interaction.extras.get("saved"):  # what failed came after the save
            log.error("%s failed after its change was saved", _what(interaction), exc_info=cause)
            text = tr(lang, "error.after_save")
        else:
            log.error("%s failed", _what(interaction), exc_info=cause)
            text = tr(lang, "error.internal")
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, text)
        if isinstance(cause, StalePanel):
            self._refresh_panel(interaction)
        elif isinstance(cause, TableError) and cause.key == "table.save_unsure":
            self._catch_up(interaction)

    def _catch_up(self, interaction: discord.Interaction) -> None:
        """After an unsure save, the table's publisher reloads it and shows what was saved
        (retrying while the database does not answer)."""
        table_id = _clicked_table(interaction)
        if table_id in self.service.tables:
            self.publisher.poke(table_id)

    async def answer_unknown(self, interaction: discord.Interaction) -> None:
        """A click no handler takes: a custom id of no known form, or one that is not on
        the clicked message (discord.py drops those; a tampered client sends them)."""
        custom_id = _custom_id(interaction)
        handled = is_known_custom_id(custom_id) and custom_id in _custom_ids(interaction.message)
        if handled or interaction.response.is_done():
            return
        await reply(interaction, tr(language_of(interaction.locale), "error.unknown_button"))

    def _refresh_panel(self, interaction: discord.Interaction) -> None:
        """Bring the stale panel a click came from up to date, through that click."""
        table = self.service.tables.get(_clicked_table(interaction))
        seated = table is not None and table.seat_of(interaction.user.id) is not None
        if table is not None and seated and table.status == "playing":
            self.publisher.poke(table.id, panel=interaction)


def _clicked_table(interaction: discord.Interaction) -> int:
    """The table a click is about (0 for none): its custom id names it."""
    parts = _custom_id(interaction).split(":")
    return int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0


def _custom_id(interaction: discord.Interaction) -> str:
    data = cast(dict[str, Any], interaction.data or {})
    return str(data.get("custom_id", ""))


def _what(interaction: discord.Interaction) -> str:
    """The command or button a log line is about, and its server."""
    if interaction.command is not None:
        what = f"command {interaction.command.qualified_name}"
    else:
        what = f"component {_custom_id(interaction)}"
    return f"{what} (guild {interaction.guild_id})"


def _custom_ids(message: discord.Message | None) -> set[str]:
    if message is None:
        return set()
    found: set[str] = set()
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        stack.extend(getattr(component, "children", []) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return found
