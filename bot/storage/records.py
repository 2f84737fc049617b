"""What the storage reads and writes besides table rows: shards, server settings,
members' results, and the refusals a write can end in."""

from __future__ import annotations

from dataclasses import dataclass

from ..ratings import STARTING_RATING, Rating

TABLE_COLUMNS = (
    "guild_id",
    "channel_id",
    "thread_id",
    "host_id",
    "game",
    "options",
    "status",
    "locale",
    "seats",
    "state",
    "version",
    "ui",
    "in_channel",
    "rematch_of",
)
ONE_TABLE_RULES = {
    "rematch": ("game_tables.rematch_of", "game_tables_one_rematch"),
    "channel": ("game_tables.channel_id", "game_tables_one_in_channel"),
}
"""The unique indexes on live tables, by how each database names them in a refusal."""


class RuleBroken(Exception):
    """A new row would break a rule of the database: ``rule`` is ``channel`` (one live
    table where tables play without threads), ``rematch`` (one live rematch per match),
    ``pool`` (a member waits in the pool once), ``pairing`` (a quick-play pairing
    opens one table), ``seated`` (a member plays one match in play at a time, when a
    pairing opens its table) or ``rematch_done`` (a quick-play match has one rematch)."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


class OutOfDate(Exception):
    """The table was saved since this copy of it was read (by another process, say):
    nothing was written."""


class ClaimLost(Exception):
    """Another process claimed the shard of the table being written (a newer process of
    a rolling deploy): nothing was written, and this process no longer drives that
    shard's tables."""

    def __init__(self, shard: int) -> None:
        super().__init__(f"shard {shard} was claimed by another process")
        self.shard = shard


class RatingsMoved(Exception):
    """A member's rating changed after it was read for a match's results (another
    match of theirs ended meanwhile, in this process or another): nothing was written,
    and the results must be worked out again from the ratings as they are now."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs: it drives only the tables of their guilds."""

    ids: tuple[int, ...]
    count: int


EVERY_SHARD = -1
"""The shard a process that runs them all claims (``Storage.claim_shards``)."""


def claimed_shards(shards: Shards | None) -> tuple[int, ...]:
    """The shard numbers a process with ``shards`` (None: all of them) claims."""
    return shards.ids if shards is not None else (EVERY_SHARD,)


@dataclass(frozen=True)
class Claim:
    """This process's claim: its shards and the epoch each had when it claimed it."""

    shards: Shards | None
    epochs: dict[int, int]


def shard_of(guild_id: int, shards: Shards | None) -> int:
    """The claimed shard a guild's tables belong to (Discord's sharding formula)."""
    return EVERY_SHARD if shards is None else (guild_id >> 22) % shards.count


LIVE_STATUSES = ("lobby", "playing")


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's choices from ``/settings``; ``None`` means the built-in default."""

    language: str | None = None
    default_target: int | None = None
    dm_hands: bool = True
    turn_timer: int | None = None
    takeover_after: int = 3
    images: bool = True
    season_length: str = "monthly"
    """``weekly``, ``monthly``, ``quarterly`` or ``none`` (``bot.seasons``)."""
    season_channel: int | None = None
    """Where a season's results are posted when it ends (none: not posted)."""
    global_board: bool = True
    """Whether the server's matches count on the global board."""
    tournaments_open: bool = False
    """Whether every member may open a tournament (else those who manage the server)."""
    watching: bool = True
    """Whether members may watch the server's matches (``/watch``)."""
    broadcast_channel: int | None = None
    """Where the server's broadcast post shows its featured match (none: no post)."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One member's results in one game on one server."""

    game: str
    user_id: int
    played: int
    won: int
    points: int
    escobas: int
    hands: int
    with_bots: int
    """Matches of ``played`` that had bot seats."""
    with_hints: int
    """Matches of ``played`` where the coach gave hints."""
    mu: float
    sigma: float
    forfeits: int = 0
    """Matches of ``played`` lost by forfeit (the member left, or never moved)."""
    forfeit_wins: int = 0
    """Matches of ``won`` won by the others' forfeit."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one seated member gets from a finished match."""

    user_id: int
    won: bool
    points: int
    escobas: int
    hands: int
    with_bots: bool = False
    with_hints: bool = False
    rating_before: Rating = STARTING_RATING
    rating_after: Rating = STARTING_RATING
    season: str = ""
    """The season the match counts in (none: the server keeps no seasons)."""
    season_before: Rating = STARTING_RATING
    season_after: Rating = STARTING_RATING
    on_global_board: bool = False
    """The match counts on the global board (its server allows it; not practice)."""
    global_before: Rating = STARTING_RATING
    global_after: Rating = STARTING_RATING
    name: str = ""
    """The member's own name as seated, kept for the server's lists ("": not their own,
    e.g. a pair's or quick play's)."""
    forfeit: bool = False
    """The match ended by a forfeit: lost by it (``won`` False) or won by it."""


LEADERBOARD_ORDER = {
    "rating": "mu - 3 * sigma DESC, won DESC",
    "wins": "won DESC, CAST(won AS DOUBLE PRECISION) / played DESC, points DESC",
    "matches": "played DESC, won DESC",
}
"""How ``/leaderboard`` can sort; ties end on the member id."""
