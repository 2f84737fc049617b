"""The private question before a match ends for everyone: "End match #12?" and Yes."""

from __future__ import annotations

from discord import ui

from ..i18n import tr
from .common import red
from .ids import ConfirmButton


def confirm_message(table_id: int, action: str, lang: str) -> tuple[str, ui.View]:
    """``action``: leave (abandon for everyone) or cancel."""
    view = ui.View(timeout=None)
    label = tr(lang, f"confirm.{action}_button")
    view.add_item(ConfirmButton(table_id, action, label=label, style=red))
    return tr(lang, f"confirm.{action}", table=table_id), view
