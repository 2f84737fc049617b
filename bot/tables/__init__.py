"""What a table is: lobbies and matches around the engine, and their persistence.

- ``model``: ``Table`` and what it keeps (seats, settings, the turn, the match's log).
- ``errors``: ``TableError``, the refusals.
- ``lobby``, ``play``: the rules of the lobby and of play, pure functions on a draft.
- ``doors``: where a click on a table may come from, who may look at a finished match.
- ``pace``: live or slow, and the deadlines a slow turn holds.
- ``checks``: a saved match checked against its commitment (``/verify``).
- ``results``: a finished match's leaderboard lines and ratings.
- ``transactions``: the one transaction every command is (lock, draft, save).
- ``service``: ``TableService``, the commands.
"""

from .doors import Origin, check_place, may_look_at
from .errors import StalePanel, TableError
from .lobby import (
    check_can_cancel,
    planned_sides,
    rematch_invited,
    rule_fits,
    seat_layout,
    validate_options,
)
from .model import FRIENDS, MatchLog, Seat, Table, TableSettings, Turn, places_seen_from
from .pace import LIVE, PACES, is_slow, pace_seconds, pool_key, pool_parts
from .play import REACTIONS, bot_view, current_hand_events, idle_sides, time_is_up
from .results import against_level, rated_forfeit, winners_of
from .service import Outcome, TableService

__all__ = [
    "FRIENDS",
    "LIVE",
    "PACES",
    "REACTIONS",
    "MatchLog",
    "Origin",
    "Outcome",
    "Seat",
    "StalePanel",
    "Table",
    "TableError",
    "TableService",
    "TableSettings",
    "Turn",
    "against_level",
    "bot_view",
    "check_can_cancel",
    "check_place",
    "current_hand_events",
    "idle_sides",
    "is_slow",
    "may_look_at",
    "pace_seconds",
    "places_seen_from",
    "planned_sides",
    "pool_key",
    "pool_parts",
    "rated_forfeit",
    "rematch_invited",
    "rule_fits",
    "seat_layout",
    "time_is_up",
    "validate_options",
    "winners_of",
]
