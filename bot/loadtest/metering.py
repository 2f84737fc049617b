"""What the Discord benchmark counts.

What is measured (play only: the server's setup and each match's lobby, up to the
Start click, are not counted; the Start click and everything after it are):
- ``rate_limited_calls_per_move``: the bot's REST calls that count against Discord's
  global rate limit (all but interaction callbacks and webhook calls on interaction
  tokens), per applied move; ``calls_by_route`` breaks them down.
- ``db_writes_per_move``: committed database transactions (``Storage.commits``).
- ``stale_panels``: after each step settles, the members of that table whose latest
  panel (DM panel, and the latest ephemeral one they were shown) has card buttons of an
  older version than the table's.
- ``click_to_board_ms_p50``/``p95``: wall-clock time from a member's click that applies
  a move until the board shows the new version (the click, SimCord settling
  everything it set off, and any virtual time needed: bot seats' replies run in the
  same settle and are included).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

_ID = re.compile(r"^\d{2,}$")


def normalized_route(method: str, path: str) -> str:
    """``PATCH /channels/{id}/messages/{id}``: ids, and interaction tokens, as placeholders."""
    parts = path.split("?")[0].strip("/").split("/")
    out = []
    for index, part in enumerate(parts):
        if _ID.match(part):
            out.append("{id}")
        elif index >= 2 and parts[index - 2] in ("interactions", "webhooks"):
            out.append("{token}")
        else:
            out.append(part)
    return f"{method.upper()} /{'/'.join(out)}"


def counts_against_global_limit(entry: Any, application_id: int | None) -> bool:
    """Interaction callbacks and webhook calls on interaction tokens are not rate
    limited globally; every other REST call is."""
    parts = entry.path.split("?")[0].strip("/").split("/")
    if len(parts) >= 4 and parts[0] == "interactions" and parts[3] == "callback":
        return False
    if len(parts) >= 3 and parts[0] == "webhooks":
        return application_id is not None and parts[1] != str(application_id)
    return True


def percentile(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return round(ordered[index], 2)


@dataclass
class Meter:
    """Everything counted while playing."""

    counting_from: int = 0
    calls: Counter = field(default_factory=Counter)
    rate_limited: int = 0
    other_calls: int = 0
    setup_calls: int = 0
    commits_at_start: int = 0
    setup_commits: int = 0
    stale_panels: int = 0
    panel_checks: int = 0
    click_ms: list[float] = field(default_factory=list)
    my_hand_clicks: int = 0
    stale_dm_fallbacks: int = 0
    human_actions: int = 0
    virtual_advances: int = 0

    def take_calls(self, log: list[Any], application_id: int | None, *, counted: bool) -> None:
        """Count the REST calls made since the last look: as play, or as setup."""
        fresh = log[self.counting_from :]
        self.counting_from = len(log)
        if not counted:
            self.setup_calls += len(fresh)
            return
        for entry in fresh:
            if counts_against_global_limit(entry, application_id):
                self.rate_limited += 1
                self.calls[normalized_route(entry.method, entry.path)] += 1
            else:
                self.other_calls += 1

    def figures(self, moves: int, commits: int) -> dict[str, Any]:
        """What was counted, per move where it says so."""
        per_move = (lambda n: round(n / moves, 3)) if moves else (lambda n: 0.0)
        return {
            "moves": moves,
            "human_actions": self.human_actions,
            "rate_limited_calls": self.rate_limited,
            "rate_limited_calls_per_move": per_move(self.rate_limited),
            "interaction_calls": self.other_calls,
            "calls_by_route": dict(sorted(self.calls.items())),
            "db_writes": commits,
            "db_writes_per_move": per_move(commits),
            "stale_panels": self.stale_panels,
            "panel_checks": self.panel_checks,
            "my_hand_clicks": self.my_hand_clicks,
            "stale_dm_fallbacks": self.stale_dm_fallbacks,
            "click_to_board_ms_p50": percentile(self.click_ms, 0.5),
            "click_to_board_ms_p95": percentile(self.click_ms, 0.95),
            "timed_clicks": len(self.click_ms),
            "virtual_advances": self.virtual_advances,
        }
