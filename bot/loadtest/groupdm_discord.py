"""``python -m bot.loadtest discord --mix groupdm``: friends' tables in group DMs.

``tables`` group DMs of three friends (the first installed the app to their account;
``tests.private_channels`` plays Discord's rules for the app there: no bot member, the
bot token refused, interactions only). In each, the first opens ``/scopa new``, the
second joins, the first starts, and both open their hands from the board; each step the
script picks a table where a member is to act and clicks a random card on that
member's hand (and a capture when it offers several). A finished match is followed by
a new one in the same group DM, until ``moves`` moves were applied.

Measured (``metering``), from the first match's Start on: ``rate_limited_calls_per_move``
(the goal is 0: everything rides interactions), ``stale_panels`` (after each step, a
member's hand showing an older version than the table while its token lives) and the
click-to-board time.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..games import is_claim, move_card
from . import probes
from .discord_load import THINK_SECONDS, BenchmarkError, simulated_bot
from .metering import Meter
from .patience import act, advance, settle

MAX_STEPS_WITHOUT_MOVE = 50


class GroupDmLoad:
    """Group DMs of friends, their click-driven matches and what they cost."""

    def __init__(self, env, bot, *, tables: int, target: int, seed: int, think: float) -> None:
        from tests.private_channels import PrivateChannels

        self.env, self.bot = env, bot
        self.tables, self.target, self.think = tables, target, think
        self.rng = random.Random(seed)
        self.meter = Meter()
        self.private = PrivateChannels(env)
        self.groups: list[tuple[Any, list[Any]]] = []
        self.table_of: dict[int, int] = {}
        """Group DM id → its current table."""
        self.hands: dict[int, Any] = {}
        """Member id → their hand panel (a follow-up of their "My hand" click)."""
        self.finished_moves = 0

    def moves(self) -> int:
        tables = self.bot.service.tables
        live = sum(tables[t].version - 1 for t in self.table_of.values() if t in tables)
        return self.finished_moves + live

    def setup(self) -> None:
        env, private = self.env, self.private
        for index in range(self.tables):
            users = [env.create_user(f"{name}{index}") for name in ("ana", "bob", "cai")]
            private.install_for(users[0])
            group = private.create_group_dm(*users, name=f"friends {index}")
            self.groups.append((group, [private.actor(user) for user in users]))

    async def new_match(self, index: int) -> None:
        """The host opens a Scopa table, a friend joins, the host starts, both open
        their hands from the board."""
        group, (host, friend, _) = self.groups[index]
        opened = await host.slash(group, "scopa new")
        table_message = opened.response
        await friend.click(table_message, label="Join")
        await host.click(table_message, label="Start")
        board = self._current(group, table_message)
        hand = next(c for c in probes.custom_ids(board) if c.startswith("esc:hand:"))
        table_id = int(hand.rsplit(":", 1)[1])
        self.table_of[group.id] = table_id
        for member in (host, friend):
            shown = await member.click(board, custom_id=hand)
            if not shown.followups:
                raise BenchmarkError(f"table {table_id}: My hand showed no hand")
            self.hands[member.id] = shown.followups[-1]

    def _current(self, group, message) -> Any:
        from simcord.results import to_discord_message

        return to_discord_message(self.env, self.env.backend.get_message(group.id, message.id))

    def _ready(self) -> list[tuple[int, Any, Any]]:
        """(group index, table, member) wherever a member is to act."""
        ready = []
        for index, (group, actors) in enumerate(self.groups):
            table = self.bot.service.tables.get(self.table_of.get(group.id, 0))
            if table is None or table.status != "playing":
                continue
            member = next(a for a in actors if a.id == table.seats[table.state.turn].user_id)
            ready.append((index, table, member))
        return ready

    async def play(self, index: int, table, member) -> None:
        """The member to act clicks a random card of their hand (and a capture)."""
        group, _ = self.groups[index]
        panel = self._current(group, self.hands[member.id])
        cards = probes.card_buttons(panel, table.id, table.version)
        legal = [move_card(m) for m in table.state.legal_moves() if not is_claim(m)]
        playable = [card for card in cards if card in legal]
        if not playable:
            raise BenchmarkError(f"table {table.id}: the hand offers no card")
        version, started = table.version, time.perf_counter()
        await act(self.env, member.click(panel, custom_id=cards[self.rng.choice(playable)]))
        if self.bot.service.tables[table.id].version == version:
            panel = self._current(group, self.hands[member.id])
            choices = [c for c in probes.custom_ids(panel, enabled_only=True) if ":move:" in c]
            if not choices:
                raise BenchmarkError(f"table {table.id}: a card neither played nor chose")
            await act(self.env, member.click(panel, custom_id=self.rng.choice(choices)))
        await settle(self.env)
        self.meter.click_ms.append((time.perf_counter() - started) * 1000)

    def check_hands(self, index: int, table) -> None:
        """Each member's hand shows the table's version (their tokens all live)."""
        table = self.bot.service.tables[table.id]
        if table.status != "playing":
            return
        group, actors = self.groups[index]
        for member in actors[:2]:
            shown = probes.panel_version(self._current(group, self.hands[member.id]), table.id)
            self.meter.panel_checks += 1
            if shown is not None and shown < table.version:
                self.meter.stale_panels += 1

    async def _renew(self) -> None:
        """A new match where the last one ended."""
        for index, (group, _) in enumerate(self.groups):
            table = self.bot.service.tables.get(self.table_of.get(group.id, 0))
            if table is not None and not table.is_live:
                self.finished_moves += table.version - 1
                await self.new_match(index)

    def _calls(self, *, counted: bool) -> None:
        self.meter.take_calls(self.env.http_requests, self.bot.application_id, counted=counted)

    async def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        self.setup()
        for index in range(self.tables):
            await self.new_match(index)
        commits = self.bot.storage.commits
        self._calls(counted=False)  # logging in, syncing, the first lobbies
        idle = 0
        while self.moves() < self.target:
            await self._renew()
            ready = self._ready()
            if not ready:
                idle += 1
                if idle > MAX_STEPS_WITHOUT_MOVE:
                    raise BenchmarkError("nobody is to act at any table")
                await settle(self.env)
                continue
            idle = 0
            index, table, member = self.rng.choice(ready)
            self.meter.human_actions += 1
            await self.play(index, table, member)
            self.check_hands(index, table)
            await advance(self.env, self.think / len(self.groups))
        self._calls(counted=True)
        return {
            "benchmark": "discord",
            "mix": "groupdm",
            "tables": self.tables,
            "think_seconds": self.think,
            **self.meter.figures(self.moves(), self.bot.storage.commits - commits),
            "refused_calls": sum(
                1 for entry in self.env.backend.transcript if "refused" in str(entry)
            ),
            "bot_errors": len(self.env.errors),
            "seconds": round(time.perf_counter() - started, 2),
        }


async def run_groupdm_mix(
    *, tables: int, moves: int, seed: int, think: float = THINK_SECONDS
) -> dict[str, Any]:
    """Friends' matches in ``tables`` group DMs until ``moves`` moves; the report."""
    async with simulated_bot(seed) as (env, bot):
        load = GroupDmLoad(env, bot, tables=tables, target=moves, seed=seed, think=think)
        return await load.run()
