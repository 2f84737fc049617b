"""The turn ping: the member's mention and where their cards are, with "My hand"."""

from __future__ import annotations

from discord import ui

from ..i18n import tr
from ..tables import Table
from .common import blue
from .ids import HandButton


def ping_message(table: Table, lang: str, *, uses_board: bool) -> tuple[str, ui.View]:
    """The ping of the member whose turn it is (``uses_board``: they play from "My hand")."""
    member = table.seats[table.match.turn].user_id
    key = "ping.turn_board" if uses_board else "ping.turn"
    view = ui.View(timeout=None)
    view.add_item(HandButton(table.id, label=tr(lang, "board.my_hand"), style=blue))
    view.stop()  # answered from its custom id (``ids.DYNAMIC_ITEMS``): nothing to keep
    return tr(lang, key, mention=f"<@{member}>", table=table.id), view
