"""The private question before a match ends for everyone: "End match #12?" and Yes."""

from __future__ import annotations

from discord import ui

from ..i18n import tr
from ..tables import Table
from .common import red
from .ids import ConfirmButton


def confirm_message(table: Table, action: str, lang: str) -> tuple[str, ui.View]:
    """``action``: leave (abandon for everyone; at quick play, a rated forfeit and,
    facing members, a pause from the pool) or cancel."""
    view = ui.View(timeout=None)
    label = tr(lang, f"confirm.{action}_button")
    view.add_item(ConfirmButton(table.id, action, label=label, style=red))
    key = f"confirm.{action}"
    if table.settings.quick:
        key += "_quick" if sum(seat.bot is None for seat in table.seats) > 1 else "_quick_bot"
    return tr(lang, key, table=table.id), view


def left_text(table: Table, lang: str) -> str:
    """The answer to a member who left: at quick play, the match went to the others."""
    key = "table.left_quick" if table.settings.quick else "table.left"
    return tr(lang, key, table=table.id)
