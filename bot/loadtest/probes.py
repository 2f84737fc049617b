"""What the Discord benchmark reads off messages: the only module that knows where the
board and the hand panels are and how to read a table version from them.

It relies on stable things only: the table's stored board message id, the custom ids
``esc:card:<table>:<version>:<card>``, ``esc:move:<table>:<version>:<move hex>`` and
``esc:hand:<table>``, and components walked generically (classic action rows and
nested Components V2 layouts alike). When the Discord side changes, this is the file
to touch: ``board_message`` (where the board id is stored), ``latest_dm_panel``
(which DM message is the panel) and ``board_version`` (how a board shows its version).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from typing import Any

CARD_ID = re.compile(r"esc:card:(?P<table>\d+):(?P<version>\d+):(?P<card>\d+)$")
MOVE_ID = re.compile(r"esc:move:(?P<table>\d+):(?P<version>\d+):(?P<move>[0-9a-f]+)$")
LOBBY_ID = re.compile(r"esc:lobby:(?P<table>\d+):")
BOARD_TEXT_VERSION = re.compile(r"·\s*(?:move|jugada|mossa)\s+(\d+)\b")
"""The board footer's "· move N" (English, Spanish, Italian), the fallback reading."""

_NESTED = ("components", "children", "accessory", "component")


def walk(components: Any) -> Iterator[Any]:
    """Every component, nested ones included, from raw payload dicts (SimCord's
    ``ResponseMessage.components``) or discord.py objects (``Message.components``):
    action rows, containers, sections and their accessories, labels."""
    roots = [components] if _is_component(components) else list(components or [])
    for component in roots:
        yield component
        for key in _NESTED:
            child = _get(component, key)
            if isinstance(child, list | tuple):
                yield from walk(child)
            elif child is not None and _is_component(child):
                yield from walk([child])


def _is_component(value: Any) -> bool:
    return isinstance(value, dict) or hasattr(value, "type")


def _get(component: Any, key: str) -> Any:
    if isinstance(component, dict):
        return component.get(key)
    return getattr(component, key, None)


def custom_ids(message: Any, *, enabled_only: bool = False) -> list[str]:
    """The custom ids of the message's buttons and selects, in wire order."""
    found = []
    for component in walk(getattr(message, "components", None) or []):
        custom_id = _get(component, "custom_id")
        if not isinstance(custom_id, str) or not custom_id:
            continue
        if enabled_only and _get(component, "disabled"):
            continue
        found.append(custom_id)
    return found


def panel_version(message: Any, table_id: int) -> int | None:
    """The table version a hand panel shows (from its card buttons), None without any."""
    versions = [
        int(match["version"])
        for custom_id in custom_ids(message)
        if (match := CARD_ID.match(custom_id)) and int(match["table"]) == table_id
    ]
    return max(versions) if versions else None


def card_buttons(message: Any, table_id: int, version: int) -> dict[int, str]:
    """The enabled card buttons of ``table_id`` at ``version``: card -> custom id."""
    cards = {}
    for custom_id in custom_ids(message, enabled_only=True):
        match = CARD_ID.match(custom_id)
        if match and int(match["table"]) == table_id and int(match["version"]) == version:
            cards[int(match["card"])] = custom_id
    return cards


def lobby_table_id(message: Any) -> int | None:
    for custom_id in custom_ids(message):
        if match := LOBBY_ID.match(custom_id):
            return int(match["table"])
    return None


# -- where things are ----------


def board_message_id(env: Any, table: Any) -> int | None:
    """The board's message id, from the table's publisher (what Discord shows)."""
    publisher = env.bot.publisher.tables.get(table.id)
    return publisher.context.shown.board_message_id if publisher is not None else None


def published_for_good(env: Any, table: Any) -> bool:
    """A match that ended and whose publisher, done with it, has let it go."""
    return not table.is_live and table.id not in env.bot.publisher.tables


def board_message(env: Any, table: Any) -> Any | None:
    """The table's board as SimCord stores it (a clickable ``ResponseMessage``), or None."""
    from simcord.backend.errors import BackendError
    from simcord.results import ResponseMessage

    message_id = board_message_id(env, table)
    if message_id is None:
        return None
    try:
        stored = env.backend.get_message(table.play_channel_id, message_id)
    except BackendError:
        return None
    return ResponseMessage(env, stored)


def latest_dm_panel(user: Any) -> Any | None:
    """The member's latest DM from the bot that shows a hand (the current DM panel; a
    turn ping may follow it), or None."""
    panels = [message for message in user.dm_channel.history() if message.embeds]
    return panels[-1] if panels else None


def ephemeral_panel(result: Any) -> Any | None:
    """The ephemeral panel a "My hand" click showed (read afresh: edits show)."""
    if result is None:
        return None
    return result.followups[-1] if result.followups else result.response


# -- what the board shows ----------


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)


def board_version(board: Any, table_id: int) -> int | None:
    """The table version the board shows: from its move buttons' custom ids when it has
    any, else from its text ("· move N"); None when neither says."""
    versions = [
        int(match["version"])
        for custom_id in custom_ids(board)
        if (match := MOVE_ID.match(custom_id)) and int(match["table"]) == table_id
    ]
    if versions:
        return max(versions)
    text = "\n".join(
        [
            *_texts(getattr(board, "content", "")),
            *_texts([embed.to_dict() for embed in getattr(board, "embeds", [])]),
            *_texts(getattr(board, "components", [])),
        ]
    )
    found = BOARD_TEXT_VERSION.findall(text)
    return int(found[-1]) if found else None


def fingerprint(board: Any) -> str:
    """A digest of what the board shows, to tell an edit when no version can be read."""
    payload = {
        "content": getattr(board, "content", ""),
        "embeds": [embed.to_dict() for embed in getattr(board, "embeds", [])],
        "components": getattr(board, "components", []),
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
