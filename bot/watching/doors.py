"""Who may watch a match, and from where.

- A server's table (and its tournament matches): from that server, unless the server
  switched watching off (``/settings watching``) or the host made the table private
  in its lobby.
- A quick-play match: from anywhere, unless one of its members keeps their quick-play
  matches unwatched (``/profile watchable``); its players are shown as the pool
  shows them.
- A friends' table in a DM or group DM: never (it lives in its conversation alone).

A lobby is not watched yet; a finished match is refused to a new watcher (its replay
tells it) but stays in the view of one who watched it end. A player may watch their
own match: they see what its watchers see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import FRIENDS, Origin, Table


@dataclass(frozen=True, slots=True)
class WatchFacts:
    """What the database says about a match's watchers: whether its server lets its
    matches be watched, and whether a member of a quick-play match opted out."""

    server_allows: bool = True
    member_opted_out: bool = False


def is_quick(table: Table) -> bool:
    return table.settings.quick is not None


def hidden(table: Table, facts: WatchFacts) -> bool:
    """A match kept from every watcher: a friends' table, a private one, one whose
    server switched watching off or whose member opted out."""
    if table.settings.clicks or table.guild_id == FRIENDS or table.settings.private:
        return True
    return facts.member_opted_out if is_quick(table) else not facts.server_allows


def watch_refusal(table: Table, asking: Origin, facts: WatchFacts, *, opening: bool) -> str | None:
    """Why ``asking`` may not watch ``table`` (a catalog key), or None; ``opening``:
    a new view (a refreshed one may show the match over)."""
    if hidden(table, facts):
        return "watch.private"
    if not is_quick(table) and asking.guild_id != table.guild_id:
        return "watch.elsewhere"
    if table.status == "lobby":
        return "watch.not_started"
    if table.state is None:
        return "watch.ended"  # cancelled before its first card
    if opening and not table.is_live:
        return "watch.ended"
    return None


def listed_here(table: Table, asking: Origin) -> bool:
    """Whether ``table`` belongs in the ``/watch`` list of ``asking``: a match in play,
    of their server or of quick play (the facts are checked apart)."""
    if table.status != "playing":
        return False
    return is_quick(table) or (asking.guild_id is not None and table.guild_id == asking.guild_id)
