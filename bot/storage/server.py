"""Server-wide data: settings, bot metadata, shard claims, and copying a database."""

from __future__ import annotations

from typing import Self

from .base import StorageBase
from .databases import Transaction
from .records import Claim, GuildSettings, Shards, claimed_shards


class ServerData(StorageBase):
    """Statements on ``guild_settings``, ``bot_meta`` and ``shard_claims``; ``copy_from``."""

    async def meta(self, key: str) -> str | None:
        row = await self.db.fetch_one("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        await self.db.write(work)

    async def meta_once(self, key: str, value: str) -> str:
        """The value kept under ``key``; ``value`` is kept first when there is none (of
        several processes starting at once, the first to commit wins)."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (key, value),
            )

        await self.db.write(work)
        kept = await self.meta(key)
        assert kept is not None
        return kept

    async def claim_shards(self, shards: Shards | None, owner: str) -> None:
        """Make ``owner`` (a process) the one that drives ``shards``' tables, taking
        them over from whichever process claimed them before: each shard's epoch goes
        up, so the writes of that process fail from now on (``check_claim``)."""
        now = self.now()

        async def work(tx: Transaction) -> dict[int, int]:
            epochs = {}
            for shard in claimed_shards(shards):
                row = await tx.fetch_one(
                    "INSERT INTO shard_claims (shard, owner, claimed_at, epoch) "
                    "VALUES (?, ?, ?, 1) ON CONFLICT (shard) DO UPDATE SET "
                    "owner = excluded.owner, claimed_at = excluded.claimed_at, "
                    "epoch = shard_claims.epoch + 1 RETURNING epoch",
                    (shard, owner, now),
                )
                assert row is not None, "INSERT … RETURNING gives the row"
                epochs[shard] = row["epoch"]
            return epochs

        self.claim = Claim(shards, await self.db.write(work))

    async def shard_claims(self, shards: Shards | None) -> dict[int, str]:
        """Which process claimed each of ``shards`` last."""
        numbers = claimed_shards(shards)
        marks = ", ".join("?" for _ in numbers)
        rows = await self.db.fetch_all(
            f"SELECT shard, owner FROM shard_claims WHERE shard IN ({marks})", numbers
        )
        return {row["shard"]: row["owner"] for row in rows}

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.db.fetch_one(
            "SELECT language, default_target, dm_hands, turn_timer, takeover_after, images, "
            "season_length, season_channel, global_board, tournaments_open, watching, "
            "broadcast_channel "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings()
        return GuildSettings(
            language=row["language"],
            default_target=row["default_target"],
            dm_hands=bool(row["dm_hands"]),
            turn_timer=row["turn_timer"],
            takeover_after=row["takeover_after"],
            images=bool(row["images"]),
            season_length=row["season_length"],
            season_channel=row["season_channel"],
            global_board=bool(row["global_board"]),
            tournaments_open=bool(row["tournaments_open"]),
            watching=bool(row["watching"]),
            broadcast_channel=row["broadcast_channel"],
        )

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, language, default_target, dm_hands, "
                "turn_timer, takeover_after, images, season_length, season_channel, "
                "global_board, tournaments_open, watching, broadcast_channel) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "default_target = excluded.default_target, dm_hands = excluded.dm_hands, "
                "turn_timer = excluded.turn_timer, "
                "takeover_after = excluded.takeover_after, images = excluded.images, "
                "season_length = excluded.season_length, "
                "season_channel = excluded.season_channel, "
                "global_board = excluded.global_board, "
                "tournaments_open = excluded.tournaments_open, watching = excluded.watching, "
                "broadcast_channel = excluded.broadcast_channel",
                (
                    guild_id,
                    settings.language,
                    settings.default_target,
                    int(settings.dm_hands),
                    settings.turn_timer,
                    settings.takeover_after,
                    int(settings.images),
                    settings.season_length,
                    settings.season_channel,
                    int(settings.global_board),
                    int(settings.tournaments_open),
                    int(settings.watching),
                    settings.broadcast_channel,
                ),
            )

        await self.db.write(work)

    async def global_name(self, user_id: int) -> str | None:
        """The name a member shows on the global board (None: anonymous)."""
        row = await self.db.fetch_one(
            "SELECT global_name FROM member_settings WHERE user_id = ?", (user_id,)
        )
        return row["global_name"] if row else None

    async def set_global_name(self, user_id: int, name: str | None) -> None:
        """Show the member on the global board as ``name``, or (None) anonymously."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO member_settings (user_id, global_name) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET global_name = excluded.global_name",
                (user_id, name),
            )

        await self.db.write(work)

    async def unwatched(self, user_ids: list[int]) -> set[int]:
        """Those of ``user_ids`` who keep their quick-play matches unwatched (/profile)."""
        if not user_ids:
            return set()
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetch_all(
            f"SELECT user_id FROM member_settings WHERE unwatched = 1 AND user_id IN ({marks})",
            user_ids,
        )
        return {row["user_id"] for row in rows}

    async def set_unwatched(self, user_id: int, unwatched: bool) -> None:
        """Keep the member's quick-play matches unwatched, or open them to watchers."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO member_settings (user_id, unwatched) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET unwatched = excluded.unwatched",
                (user_id, int(unwatched)),
            )

        await self.db.write(work)

    async def is_empty(self) -> bool:
        """Whether no table, result or setting was ever saved here."""
        for name in COPIED_TABLES:
            if await self.db.fetch_one(f"SELECT 1 AS found FROM {name} LIMIT 1"):
                return False
        return True

    async def copy_from(self, source: Self) -> dict[str, int]:
        """Copy every row of ``source`` here, in one transaction; rows copied by table.
        Both are at the same schema version (``open`` migrates them)."""
        copied: dict[str, int] = {}

        async def work(tx: Transaction) -> None:
            for name in COPIED_TABLES:
                rows = await source.db.fetch_all(f"SELECT * FROM {name}")
                copied[name] = len(rows)
                if rows:
                    columns = list(rows[0])
                    marks = ", ".join("?" for _ in columns)
                    await tx.execute_many(
                        f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})",
                        [tuple(row[column] for column in columns) for row in rows],
                    )
            if self.dialect == "postgresql":  # ids were given: the next one follows them
                for name in NUMBERED_TABLES:
                    await tx.execute(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {name}), false)"
                    )

        await self.db.write(work)
        return copied


COPIED_TABLES = (
    "guild_settings",
    "game_tables",
    "moves",
    "player_results",
    "season_results",
    "global_results",
    "member_settings",
    "season_closes",
    "season_standings",
    "rating_changes",
    "table_shown",
    "reviews",
    "bot_meta",
    "daily_hands",
    "tournaments",
    "pool_entries",
    "pool_pairings",
    "pool_blocks",
    "pool_strikes",
    "pool_rematches",
    "global_changes",
    "member_names",
    "deadlines",
    "sweeps",
    "puzzles",
    "puzzle_attempts",
    "puzzle_ratings",
    "puzzle_themes",
    "daily_puzzles",
    "daily_puzzle_solves",
)
"""Every table of the schema (but the shard claims, which belong to the processes of
one database), each after the tables it refers to."""
NUMBERED_TABLES = ("game_tables", "tournaments", "pool_pairings", "puzzles")
"""The tables whose ids PostgreSQL numbers: the next id follows the copied ones."""
