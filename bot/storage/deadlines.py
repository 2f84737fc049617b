"""Slow tables' deadlines: written with their table (``replace_deadlines``, inside the
table's save), read by the sweep of the process that drives their shard, a reminder
claimed once before it is sent, and each shard's last sweep (the time a restart gives
back)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import StorageBase
from .databases import Transaction
from .records import Shards, claimed_shards


async def replace_deadlines(
    tx: Transaction, table_id: int, guild_id: int, deadlines: Sequence[dict[str, Any]]
) -> None:
    """Make ``deadlines`` a table's deadlines, inside its save. A reminder already sent
    for the same turn stays sent (a save that does not open a new turn, or gives the
    turn more time, sends no second one)."""
    kinds = [deadline["kind"] for deadline in deadlines]
    keep = f" AND kind NOT IN ({', '.join('?' for _ in kinds)})" if kinds else ""
    await tx.execute(f"DELETE FROM deadlines WHERE table_id = ?{keep}", (table_id, *kinds))
    for deadline in deadlines:
        await tx.execute(
            "INSERT INTO deadlines (table_id, kind, guild_id, user_id, turn, due_at, done) "
            "VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT (table_id, kind) DO UPDATE SET "
            "user_id = excluded.user_id, due_at = excluded.due_at, done = CASE WHEN "
            "deadlines.turn = excluded.turn THEN deadlines.done ELSE 0 END, turn = excluded.turn",
            (
                table_id,
                deadline["kind"],
                guild_id,
                deadline["user_id"],
                deadline["turn"],
                deadline["due_at"],
            ),
        )


def _shard_filter(shards: Shards | None) -> tuple[str, list[Any]]:
    """The SQL that keeps the rows of ``shards``' guilds (all of them for None)."""
    if shards is None:
        return "", []
    marks = ", ".join("?" for _ in shards.ids)
    return f" AND (guild_id >> 22) % ? IN ({marks})", [shards.count, *shards.ids]


class DeadlineData(StorageBase):
    """Statements on ``deadlines`` and ``sweeps``."""

    async def due_deadlines(
        self, now: float, shards: Shards | None, *, limit: int = 100
    ) -> list[dict[str, Any]]:
        """The deadlines of ``shards``' tables due at ``now`` and not fired, oldest first."""
        where, args = _shard_filter(shards)
        return await self.db.fetch_all(
            "SELECT table_id, kind, guild_id, user_id, turn, due_at FROM deadlines "
            f"WHERE done = 0 AND due_at <= ?{where} ORDER BY due_at LIMIT ?",
            [now, *args, limit],
        )

    async def pending_deadlines(self, table_id: int) -> list[dict[str, Any]]:
        """A table's deadlines, fired or not (tests and the benchmark read them)."""
        return await self.db.fetch_all(
            "SELECT kind, user_id, turn, due_at, done FROM deadlines WHERE table_id = ? "
            "ORDER BY kind",
            (table_id,),
        )

    async def claim_reminder(self, table_id: int, guild_id: int, turn: int) -> bool:
        """Mark a turn's reminder sent, fenced as a table write; False when it was sent
        already (by this process or another) or the turn is over."""

        async def work(tx: Transaction) -> int:
            await self.check_claim(tx, guild_id)
            return await tx.execute(
                "UPDATE deadlines SET done = 1 WHERE table_id = ? AND kind = 'remind' "
                "AND turn = ? AND done = 0",
                (table_id, turn),
            )

        return bool(await self.db.write(work))

    async def postpone_reminder(self, table_id: int, turn: int, due_at: float) -> None:
        """A member who is playing now is reminded later, if still needed then."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "UPDATE deadlines SET due_at = ? WHERE table_id = ? AND kind = 'remind' "
                "AND turn = ? AND done = 0",
                (due_at, table_id, turn),
            )

        await self.db.write(work)

    async def drop_deadlines(self, table_id: int) -> None:
        """Forget the deadlines of a table no longer in play (one that ended elsewhere)."""

        async def work(tx: Transaction) -> None:
            await tx.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))

        await self.db.write(work)

    async def last_swept(self, shards: Shards | None) -> float | None:
        """When the sweep of these shards last ran (the earliest of them), if ever."""
        claimed = claimed_shards(shards)
        marks = ", ".join("?" for _ in claimed)
        row = await self.db.fetch_one(
            f"SELECT MIN(swept_at) AS at FROM sweeps WHERE shard IN ({marks})", claimed
        )
        return row["at"] if row else None

    async def mark_swept(self, shards: Shards | None, now: float) -> None:
        """The sweep of these shards ran at ``now``."""

        async def work(tx: Transaction) -> None:
            for shard in claimed_shards(shards):
                await tx.execute(
                    "INSERT INTO sweeps (shard, swept_at) VALUES (?, ?) ON CONFLICT (shard) "
                    "DO UPDATE SET swept_at = excluded.swept_at",
                    (shard, now),
                )

        await self.db.write(work)

    # -- members' choices for slow play ----------

    async def slow_settings(self, user_id: int) -> dict[str, Any]:
        """A member's slow-play choices and vacation (defaults for one who made none)."""
        row = await self.db.fetch_one(
            f"SELECT {SLOW_COLUMNS} FROM member_settings WHERE user_id = ?", (user_id,)
        )
        return dict(row) if row else dict(SLOW_DEFAULTS)

    async def set_slow_settings(self, user_id: int, **changes: Any) -> None:
        """Change a member's slow-play choices (``SLOW_COLUMNS``' names)."""
        names = [name for name in changes if name in SLOW_DEFAULTS]
        marks = ", ".join("?" for _ in names)
        updates = ", ".join(f"{name} = excluded.{name}" for name in names)

        async def work(tx: Transaction) -> None:
            await tx.execute(
                f"INSERT INTO member_settings (user_id, {', '.join(names)}) VALUES (?, {marks}) "
                f"ON CONFLICT (user_id) DO UPDATE SET {updates}",
                (user_id, *(changes[name] for name in names)),
            )

        await self.db.write(work)

    async def due_digests(self, hour: int, day: str) -> list[dict[str, Any]]:
        """The members whose digest is due at ``hour`` (UTC) and not sent on ``day``, with
        how many slow matches wait for their move."""
        return await self.db.fetch_all(
            "SELECT m.user_id, COUNT(*) AS waiting FROM member_settings m JOIN deadlines d "
            "ON d.user_id = m.user_id AND d.kind = 'timeout' WHERE m.digest_hour = ? "
            "AND (m.digest_day IS NULL OR m.digest_day <> ?) GROUP BY m.user_id",
            (hour, day),
        )

    async def digest_hours(self) -> list[int]:
        """The hours (UTC) members chose for their digests."""
        rows = await self.db.fetch_all(
            "SELECT DISTINCT digest_hour FROM member_settings WHERE digest_hour IS NOT NULL"
        )
        return [row["digest_hour"] for row in rows]

    async def claim_digest(self, user_id: int, day: str) -> bool:
        """Mark the member's digest of ``day`` sent; False when it was already."""

        async def work(tx: Transaction) -> int:
            return await tx.execute(
                "UPDATE member_settings SET digest_day = ? WHERE user_id = ? "
                "AND (digest_day IS NULL OR digest_day <> ?)",
                (day, user_id, day),
            )

        return bool(await self.db.write(work))


SLOW_DEFAULTS: dict[str, Any] = {
    "slow_reminders": 1,
    "digest_hour": None,
    "digest_day": None,
    "vacation_until": None,
    "vacation_year": None,
    "vacation_used": 0.0,
    "auto_forced": 0,
}
SLOW_COLUMNS = ", ".join(SLOW_DEFAULTS)
