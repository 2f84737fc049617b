"""Where a click on a table may come from: the table's own server or conversation.

A custom id names its table, and a tampered client can carry it to another message of
the bot (another server's, another group DM's): a click is taken only from where its
table lives.

- A server's table: its lobby from that server; its board and panels from that server
  or from the DMs where its members' hands are sent.
- A friends' table (a DM, a group DM, a server without the bot): from that conversation.
- A quick-play match: from its members' DMs.

A finished match is looked at (``may_look_at``) from its server, from DMs (quick play),
or, a friends' match, by its players and from its own conversation.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TableError
from .model import FRIENDS, Table, places_seen_from


def comes_from_its_place(
    table: Table, guild_id: int | None, channel_id: int | None, *, lobby: bool
) -> bool:
    """Whether a click from ``guild_id`` / ``channel_id`` (None: a DM) may reach
    ``table``; ``lobby``: a lobby's button, which lives in the table's channel only."""
    if table.settings.clicks:
        return channel_id == table.channel_id
    if table.settings.quick:
        return guild_id is None
    if lobby:
        return guild_id == table.guild_id
    return guild_id in (None, table.guild_id)


def check_place(
    table: Table, guild_id: int | None, channel_id: int | None, *, lobby: bool = False
) -> None:
    """Refuse (``table.elsewhere``) a click that does not come from where ``table``
    lives."""
    if not comes_from_its_place(table, guild_id, channel_id, lobby=lobby):
        raise TableError("table.elsewhere")


@dataclass(frozen=True, slots=True)
class Looker:
    """Who asks to look at a finished match (its replay, review, score sheet, deals),
    and from where (``guild_id`` None: a DM or group DM)."""

    user_id: int
    guild_id: int | None
    channel_id: int | None


def may_look_at(table: Table, looker: Looker) -> bool:
    """A server's matches are open from that server; quick play's from any DM (its
    players are anonymous there); a friends' match to its players, wherever they ask,
    and to its own conversation (a group DM's other members)."""
    if table.guild_id == FRIENDS:
        return table.seat_of(looker.user_id) is not None or looker.channel_id == table.channel_id
    return table.guild_id in places_seen_from(looker.guild_id)
