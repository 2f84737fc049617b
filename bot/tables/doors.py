"""Where a click on a table may come from: the table's own server or conversation.

A custom id names its table, and a tampered client can carry it to another message of
the bot (another server's, another group DM's): a click is taken only from where its
table lives.

- A server's table: its lobby (and a finished match's Rematch, which opens one) from
  that server; its board and panels from that server or from a member's DM with the
  bot, where hands are sent (never from a DM between members or a group DM).
- A friends' table (a DM, a group DM, a server without the bot): from that conversation.
- A quick-play match: from its members' DMs with the bot.

A finished match is looked at (``may_look_at``) from its server, from DMs (quick play),
or, a friends' match, by its players and from its own conversation.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TableError
from .model import FRIENDS, Table, places_seen_from


@dataclass(frozen=True, slots=True)
class Origin:
    """Who clicks or asks, and from where: their server (None: no server), the
    channel, and whether it is a private channel (a DM between members, a group DM)
    rather than the member's DM with the bot."""

    user_id: int
    guild_id: int | None
    channel_id: int | None
    private: bool = False

    @property
    def bot_dm(self) -> bool:
        return self.guild_id is None and not self.private


def comes_from_its_place(table: Table, origin: Origin, *, lobby: bool) -> bool:
    """Whether a click from ``origin`` may reach ``table``; ``lobby``: a lobby's item,
    which lives in the table's server only."""
    if table.settings.clicks:
        return origin.channel_id == table.channel_id
    if table.settings.quick:
        return origin.bot_dm
    if lobby:
        return origin.guild_id == table.guild_id
    return origin.guild_id == table.guild_id or origin.bot_dm


def check_place(table: Table, origin: Origin, *, lobby: bool = False) -> None:
    """Refuse (``table.elsewhere``) a click that does not come from where ``table``
    lives."""
    if not comes_from_its_place(table, origin, lobby=lobby):
        raise TableError("table.elsewhere")


def may_look_at(table: Table, asking: Origin) -> bool:
    """A server's matches are open from that server; quick play's from any DM (its
    players are anonymous there); a friends' match to its players, wherever they ask,
    and to its own conversation (a group DM's other members)."""
    if table.guild_id == FRIENDS:
        return table.seat_of(asking.user_id) is not None or asking.channel_id == table.channel_id
    return table.guild_id in places_seen_from(asking.guild_id)
