"""The quick-play pool's rows: who waits, what each wave paired, blocks and strikes.

The pool is in the database so that every process (every shard cluster) enters its
members into one pool. A wave reads a game's waiting rows *for update* (PostgreSQL:
a Cancel, or another process's wave, waits for it to commit), takes the pairs out and
records each pairing in the same transaction: a process killed in the middle leaves
the pool as it was, and no member is in two pairings. A pairing then opens its table
once: the table's insert claims it (``claim_pairing``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from .base import StorageBase, stamp
from .databases import Conflict, Transaction
from .records import RuleBroken

ENTRY_COLUMNS = (
    "user_id, game, partner_id, rating, name, locale, guild_id, token, message_id, joined_at"
)
BOT_SIDE = [-1]
"""A pairing's side played by the hard bot (a member who took the bot's offer)."""

Pairer = Callable[[list[dict[str, Any]], set[tuple[int, int]]], list[list[list[int]]]]
"""A wave's pure part: the waiting rows and the blocks among them (blocker, blocked) in,
the matches out, each a list of sides, each side a list of member ids."""


@dataclass(frozen=True, slots=True)
class Wave:
    """What one wave did: the pairings it recorded, the members it now offers the bot."""

    pairings: list[int]
    offers: list[dict[str, Any]]


class PoolData(StorageBase):
    async def enter_pool(self, rows: Sequence[dict[str, Any]]) -> None:
        """Enter members (one, or two partners) together, each waiting since its row's
        ``joined_at``; ``RuleBroken("pool")`` when one of them is waiting already."""

        async def work(tx: Transaction) -> None:
            await _insert_entries(tx, [{**row, "message_id": 0} for row in rows])

        try:
            await self.db.write(work)
        except Conflict as exc:
            raise RuleBroken("pool") from exc

    async def leave_pool(self, user_id: int) -> list[dict[str, Any]]:
        """Take the member (and a partner who entered with them) out; the rows taken,
        none when a wave paired them first."""

        async def work(tx: Transaction) -> list[dict[str, Any]]:
            rows = await tx.fetch_all(
                f"SELECT {ENTRY_COLUMNS} FROM pool_entries WHERE user_id = ? OR partner_id = ?"
                + self._locking(),
                (user_id, user_id),
            )
            for row in rows:
                await tx.execute("DELETE FROM pool_entries WHERE user_id = ?", (row["user_id"],))
            return rows

        return await self.db.write(work)

    async def set_pool_message(self, user_id: int, message_id: int) -> None:
        """The searching answer's id, once shown (a wave may have paired them since)."""

        async def work(tx: Transaction) -> None:
            await tx.execute(
                "UPDATE pool_entries SET message_id = ? WHERE user_id = ?", (message_id, user_id)
            )

        await self.db.write(work)

    async def pool_to_bot(self, user_id: int) -> int | None:
        """The member (and a partner) out of the pool into a pairing against the hard
        bot; its id, None when they were not waiting (a wave paired them first)."""
        now = self.now()

        async def work(tx: Transaction) -> int | None:
            rows = await tx.fetch_all(
                f"SELECT {ENTRY_COLUMNS} FROM pool_entries WHERE user_id = ? OR partner_id = ?"
                + self._locking(),
                (user_id, user_id),
            )
            if not rows:
                return None
            by_member = {row["user_id"]: row for row in rows}
            match = [list(by_member), BOT_SIDE]
            return await _record(tx, rows[0]["game"], match, by_member, now)

        return await self.db.write(work)

    async def pool_busy(self, *, live_only: bool = False) -> bool:
        """Whether anyone waits (``live_only``: for a live match; a slow pool's key is
        ``game/pace``), or a pairing's table is still to open."""
        live = " WHERE game NOT LIKE '%/%'" if live_only else ""
        row = await self.db.fetch_one(
            f"SELECT 1 AS busy FROM pool_entries{live} UNION ALL "
            "SELECT 1 FROM pool_pairings WHERE table_id IS NULL LIMIT 1"
        )
        return row is not None

    async def pool_entry(self, user_id: int) -> dict[str, Any] | None:
        return await self.db.fetch_one(
            f"SELECT {ENTRY_COLUMNS} FROM pool_entries WHERE user_id = ?", (user_id,)
        )

    async def pool_entries(self, game: str | None = None) -> list[dict[str, Any]]:
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        return await self.db.fetch_all(
            f"SELECT {ENTRY_COLUMNS} FROM pool_entries {where} ORDER BY joined_at, user_id",
            args,
        )

    async def run_wave(self, game: str, pair: Pairer, offer_since: datetime | None = None) -> Wave:
        """One wave of ``game``: its waiting rows paired by ``pair``, the paired taken
        out and recorded as pairings. The new pairings' ids, and the rows waiting since
        ``offer_since`` or before that were not offered the bot yet (now they are)."""
        now = self.now()

        async def work(tx: Transaction) -> Wave:
            rows = await tx.fetch_all(
                f"SELECT {ENTRY_COLUMNS} FROM pool_entries WHERE game = ? "
                "ORDER BY joined_at, user_id" + self._locking(),
                (game,),
            )
            if not rows:
                return Wave([], [])
            by_member = {row["user_id"]: row for row in rows}
            matches = pair(rows, await _blocks(tx, list(by_member)))
            ids = [await _record(tx, game, match, by_member, now) for match in matches]
            return Wave(ids, await _offers(tx, game, offer_since))

        return await self.db.write(work)

    def _locking(self) -> str:
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    async def open_pairings(self) -> list[dict[str, Any]]:
        """Pairings whose table is still to open, oldest first (data decoded)."""
        rows = await self.db.fetch_all(
            "SELECT id, game, data, created_at FROM pool_pairings WHERE table_id IS NULL "
            "ORDER BY id"
        )
        return [{**row, "data": orjson.loads(row["data"])} for row in rows]

    async def pairing(self, pairing_id: int) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            "SELECT id, game, data, table_id, created_at FROM pool_pairings WHERE id = ?",
            (pairing_id,),
        )
        return {**row, "data": orjson.loads(row["data"])} if row else None

    async def vote_rematch(
        self, table_id: int, user_id: int, game: str, sides: list[list[int]], members: dict
    ) -> int | None:
        """The member asks for a rematch of finished quick-play match ``table_id``; once
        every member of ``sides`` asked, the votes are taken and a pairing of the same
        sides recorded: its id (else None). ``RuleBroken("rematch_done")`` once the
        match's one rematch is recorded (a pairing names the match it replays)."""
        now = self.now()
        everyone = {m for side in sides for m in side if str(m) in members}

        async def work(tx: Transaction) -> int | None:
            done = "SELECT id FROM pool_pairings WHERE rematch_of = ?"
            if await tx.fetch_one(done, (table_id,)):
                raise RuleBroken("rematch_done")
            await tx.execute(
                "INSERT INTO pool_rematches (table_id, user_id) VALUES (?, ?) "
                "ON CONFLICT (table_id, user_id) DO NOTHING",
                (table_id, user_id),
            )
            votes = await tx.fetch_all(
                "SELECT user_id FROM pool_rematches WHERE table_id = ?" + self._locking(),
                (table_id,),
            )
            if {row["user_id"] for row in votes} != everyone:
                return None
            await tx.execute("DELETE FROM pool_rematches WHERE table_id = ?", (table_id,))
            data = {"sides": sides, "members": members}
            return await _insert_pairing(tx, game, data, now, rematch_of=table_id)

        try:
            return await self.db.write(work)
        except Conflict as exc:  # another process recorded it first
            raise RuleBroken("rematch_done") from exc

    async def void_pairing(self, pairing_id: int, back: list[int]) -> bool:
        """A pairing that cannot be played (a member is at another match now): claimed
        so no table opens it, and members ``back`` in the pool as they waited (their
        answer's token too); False when its table was opened first."""

        async def work(tx: Transaction) -> bool:
            row = await tx.fetch_one(
                "SELECT game, data FROM pool_pairings WHERE id = ? AND table_id IS NULL"
                + self._locking(),
                (pairing_id,),
            )
            if row is None:
                return False
            await tx.execute("UPDATE pool_pairings SET table_id = 0 WHERE id = ?", (pairing_id,))
            members = orjson.loads(row["data"])["members"]
            rows = [
                {**members[str(user_id)], "user_id": user_id, "game": row["game"]}
                for user_id in back
            ]
            await _insert_entries(tx, rows)
            return True

        return await self.db.write(work)

    async def swap_pool_notice(self, user_id: int, message_id: int) -> int:
        """Keep ``message_id`` as the member's pool line in their DMs; the one it
        replaces (0: none)."""

        async def work(tx: Transaction) -> int:
            row = await tx.fetch_one(
                "SELECT pool_notice FROM member_settings WHERE user_id = ?" + self._locking(),
                (user_id,),
            )
            await tx.execute(
                "INSERT INTO member_settings (user_id, pool_notice) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET pool_notice = excluded.pool_notice",
                (user_id, message_id),
            )
            return row["pool_notice"] if row else 0

        return await self.db.write(work)

    async def block(self, user_id: int, blocked_id: int) -> None:
        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO pool_blocks (user_id, blocked_id) VALUES (?, ?) "
                "ON CONFLICT (user_id, blocked_id) DO NOTHING",
                (user_id, blocked_id),
            )

        await self.db.write(work)

    async def add_strike(self, user_id: int, kind: str, at: datetime) -> None:
        async def work(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO pool_strikes (user_id, at, kind) VALUES (?, ?, ?)",
                (user_id, stamp(at), kind),
            )

        await self.db.write(work)

    async def strikes_since(self, user_id: int, since: datetime) -> list[datetime]:
        """When the member's strikes since ``since`` were given, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT at FROM pool_strikes WHERE user_id = ? AND at >= ? ORDER BY at",
            (user_id, stamp(since)),
        )
        return [datetime.fromisoformat(row["at"]) for row in rows]


async def _offers(tx: Transaction, game: str, since: datetime | None) -> list[dict[str, Any]]:
    """The rows of ``game`` waiting since ``since`` or before and not offered the bot
    yet, marked offered (none without ``since``)."""
    if since is None:
        return []
    where = "game = ? AND offered = 0 AND joined_at <= ?"
    args = (game, stamp(since))
    rows = await tx.fetch_all(f"SELECT {ENTRY_COLUMNS} FROM pool_entries WHERE {where}", args)
    await tx.execute(f"UPDATE pool_entries SET offered = 1 WHERE {where}", args)
    return rows


async def _insert_entries(tx: Transaction, rows: Sequence[dict[str, Any]]) -> None:
    """Members into the pool, each as its row says (``partner_id`` and ``name`` may be
    missing), not offered the bot yet."""
    await tx.execute_many(
        f"INSERT INTO pool_entries ({ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                row["user_id"],
                row["game"],
                row.get("partner_id"),
                row["rating"],
                row.get("name"),
                row["locale"],
                row["guild_id"],
                row["token"],
                row["message_id"],
                row["joined_at"],
            )
            for row in rows
        ],
    )


async def _blocks(tx: Transaction, members: list[int]) -> set[tuple[int, int]]:
    if not members:
        return set()
    marks = ", ".join("?" for _ in members)
    rows = await tx.fetch_all(
        f"SELECT user_id, blocked_id FROM pool_blocks WHERE user_id IN ({marks})", members
    )
    return {(row["user_id"], row["blocked_id"]) for row in rows}


async def _record(
    tx: Transaction,
    game: str,
    match: list[list[int]],
    by_member: dict[int, dict[str, Any]],
    now: str,
) -> int:
    """Take a match's members out of the pool and record its pairing; its id."""
    members = [member for side in match for member in side if member in by_member]
    marks = ", ".join("?" for _ in members)
    taken = await tx.execute(f"DELETE FROM pool_entries WHERE user_id IN ({marks})", members)
    if taken != len(members):
        raise RuntimeError(f"a wave lost members {members}: the rows were not locked")
    data = {
        "sides": match,
        "members": {str(m): _public(by_member[m]) for m in members},
    }
    return await _insert_pairing(tx, game, data, now)


async def _insert_pairing(
    tx: Transaction, game: str, data: dict[str, Any], now: str, *, rematch_of: int | None = None
) -> int:
    row = await tx.fetch_one(
        "INSERT INTO pool_pairings (game, data, created_at, rematch_of) VALUES (?, ?, ?, ?) "
        "RETURNING id",
        (game, orjson.dumps(data).decode(), now, rematch_of),
    )
    if row is None:
        raise RuntimeError("INSERT … RETURNING id returned no row")
    return row["id"]


def _public(row: dict[str, Any]) -> dict[str, Any]:
    """What a pairing keeps of an entry: enough to seat the member and tell them."""
    keys = ("rating", "name", "locale", "guild_id", "token", "message_id", "joined_at")
    return {key: row[key] for key in keys}
