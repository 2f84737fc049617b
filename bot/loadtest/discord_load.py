"""``python -m bot.loadtest discord``: whole matches through SimCord, N tables at once.

One simulated server, one #cartas channel, ``tables`` table slots played at the same
time. Slots rotate over Escoba, Scopa and Rubamazzo; most seat two members, every
fourth a member and a "greedy" bot (fast, so the benchmark measures Discord traffic,
not AI); in every fifth the second member has closed DMs and plays from the ephemeral
"My hand" panel. The script plays the members: each step it picks (with a seeded RNG)
a table where a member is to act and plays a random legal move, reading whose turn it
is and what is legal from the bot's ``TableService``, and clicking stable custom ids
(``esc:card:…`` on the member's panel, then ``esc:move:…`` there for a card that can
take in several ways, or on the board for a claim). A finished match is followed by a
new one at its slot, until ``moves`` moves were applied (and no puzzle is mined).

What is measured, and how: ``metering``; lookups that depend on the layout: ``probes``.
Pauses (``HAND_PAUSE=0``, ``BOT_PAUSE=0``): a bot's sleep under SimCord's settle timeout
(5 s) is waited out by SimCord; a longer one parks until ``_catch_up`` moves the clock in
``TIME_STEP`` steps (``virtual_advances``). ``patience``: steps on a busy machine.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord

from ..client import create_bot
from ..games import is_claim, move_card
from ..settings import Settings
from . import probes
from .metering import Meter
from .patience import act, advance, settle
from .world import Player, Slot, seat_members

BOT_LEVEL = "greedy"
TIME_STEP = 0.5
"""Virtual seconds advanced at a time while the bot still has work parked on a sleep."""
THINK_SECONDS = 3.0
"""Members think (``--think``): after each action the virtual clock moves ``think /
tables``, so each table sees about one action per ``think`` seconds, as with people (the
per-channel edit limit and the ping's quiet period then act as they would)."""
MAX_TIME_STEPS = 40
MAX_IDLE_ROUNDS = 50


class BenchmarkError(RuntimeError):
    """The benchmark could not go on (a table stuck, a button missing…)."""


class DiscordLoad:
    """Drives the tables; see the module docstring."""

    def __init__(
        self,
        env,
        bot,
        *,
        tables: int,
        target: int,
        seed: int,
        pictures: bool,
        think: float = THINK_SECONDS,
        humans_only: bool = False,
    ):
        self.env = env
        self.bot = bot
        self.tables = tables
        self.target = target
        self.seed = seed
        self.pictures = pictures
        self.think = think
        self.humans_only = humans_only
        self.rng = random.Random(seed)
        self.meter = Meter()
        self.slots: list[Slot] = []
        self.table_ids: list[int] = []

    # -- accounting ----------

    @property
    def service(self):
        return self.bot.service

    def moves(self) -> int:
        """Moves applied at the benchmark's tables (a table starts at version 1)."""
        total = 0
        for table_id in self.table_ids:
            table = self.service.tables.get(table_id)
            if table is not None and table.state is not None:
                total += table.version - 1
        return total

    def _take_calls(self, *, counted: bool) -> None:
        self.meter.take_calls(self.env.http_requests, self.bot.application_id, counted=counted)

    @contextlib.contextmanager
    def _not_counted(self) -> Iterator[None]:
        """Everything the bot does inside the block is setup, not play."""
        self._take_calls(counted=True)
        commits = self.bot.storage.commits
        yield
        self._take_calls(counted=False)
        self.meter.setup_commits += self.bot.storage.commits - commits

    # -- the world ----------

    async def setup(self) -> None:
        env = self.env
        guild = env.create_guild("Load test")
        managers = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
        admin = guild.add_member(env.create_user("admin"), roles=[managers])
        self.channel = guild.create_text_channel("cartas")
        result = await admin.slash(self.channel, "settings", images=self.pictures)
        self._expect(result, "the /settings command did not answer")
        settings = await self.bot.storage.guild_settings(guild.id)
        if settings.images != self.pictures or settings.turn_timer:
            raise BenchmarkError(f"unexpected server settings: {settings}")
        self.slots = seat_members(env, guild, self.tables, humans_only=self.humans_only)

    @staticmethod
    def _expect(result, message: str) -> None:
        if result is None or not result.acknowledged:
            raise BenchmarkError(message)

    async def new_match(self, slot: Slot) -> None:
        """Open a lobby at the slot, seat everyone, start (the Start click is play)."""
        host = slot.players[0].actor
        with self._not_counted():
            result = await host.slash(self.channel, f"{slot.game} new")
            lobby = result.response
            table_id = probes.lobby_table_id(lobby) if lobby is not None else None
            if table_id is None:
                raise BenchmarkError(f"slot {slot.index}: /{slot.game} new showed no lobby")
            join, menu = f"esc:lobby:{table_id}:join", f"esc:bot:{table_id}"
            for player in slot.players[1:]:
                await act(self.env, player.actor.click(lobby, custom_id=join))
            if slot.with_bot:
                await act(self.env, host.select(lobby, [BOT_LEVEL], custom_id=menu))
        await act(self.env, host.click(lobby, custom_id=f"esc:lobby:{table_id}:start"))
        table = self.service.tables.get(table_id)
        if table is None or table.status != "playing":
            raise BenchmarkError(f"slot {slot.index}: table {table_id} did not start")
        slot.table_id = table_id
        slot.matches += 1
        for player in slot.players:
            player.ephemeral = None
        self.table_ids.append(table_id)
        await self._catch_up(table)

    # -- playing ----------

    def _human_to_act(self, slot: Slot):
        table = self.service.tables.get(slot.table_id)
        if table is None or table.status != "playing":
            return None
        seat = table.seats[table.state.turn]
        if seat.bot is not None or seat.autoplayed:
            return None
        return slot.player(seat.user_id)

    def _current(self, table):
        """The table as it is now: every saved change is a new ``Table`` object."""
        return self.service.tables.get(table.id, table)

    def _settled(self, table) -> bool:
        """Nothing left for the bot at this table: the match is over, or a member is to
        act and the board shows the current version (or cannot say)."""
        table = self._current(table)
        if table.status != "playing":
            return True
        if table.seats[table.state.turn].autoplayed:
            return False
        board = probes.board_message(self.env, table)
        if board is None:
            return False
        shown = probes.board_version(board, table.id)
        return shown is None or shown >= table.version

    def _board_shows(self, table, version: int, before: str | None) -> bool:
        table = self._current(table)
        if probes.published_for_good(self.env, table):
            return True
        board = probes.board_message(self.env, table)
        if board is None:
            return False
        shown = probes.board_version(board, table.id)
        if shown is not None:
            return shown >= version
        return probes.fingerprint(board) != before

    async def _catch_up(self, table, until=None) -> None:
        """Settle, then move SimCord's virtual clock on while the bot has parked work
        (a pause before a bot's move or a new deal) and the table has not settled."""
        until = until or (lambda: self._settled(table))
        await settle(self.env)
        for _ in range(MAX_TIME_STEPS):
            if until():
                return
            self.meter.virtual_advances += 1
            await advance(self.env, TIME_STEP)
        if not until():
            version = self._current(table).version
            raise BenchmarkError(f"table {table.id} did not settle at version {version}")

    async def _panel_for(self, slot: Slot, player: Player, table, card: int):
        """The message and clicker to play ``card`` from: the DM panel when it offers the
        card at the current version, else the latest ephemeral panel when it does, else
        a fresh ephemeral panel from the board's "My hand"."""
        version = table.version
        if not player.dm_closed:
            panel = probes.latest_dm_panel(player.actor.user)
            if panel is not None and card in probes.card_buttons(panel, table.id, version):
                return panel, player.actor.user
            self.meter.stale_dm_fallbacks += 1
        panel = probes.ephemeral_panel(player.ephemeral)
        if panel is not None and card in probes.card_buttons(panel, table.id, version):
            return panel, player.actor
        board = probes.board_message(self.env, table)
        if board is None:
            raise BenchmarkError(f"table {table.id}: no board to press My hand on")
        player.ephemeral = await player.actor.click(board, custom_id=f"esc:hand:{table.id}")
        self.meter.my_hand_clicks += 1
        panel = probes.ephemeral_panel(player.ephemeral)
        if panel is None or card not in probes.card_buttons(panel, table.id, version):
            raise BenchmarkError(f"table {table.id}: My hand did not offer card {card}")
        return panel, player.actor

    async def _timed_click(self, table, clicker, message, custom_id: str) -> None:
        """Click; when the click applies a move, time it until the board shows it."""
        version = table.version
        board = probes.board_message(self.env, table)
        before = probes.fingerprint(board) if board is not None else None
        started = time.perf_counter()
        await act(self.env, clicker.click(message, custom_id=custom_id))
        if self._current(table).version == version:
            return
        await self._catch_up(table, lambda: self._board_shows(table, version + 1, before))
        self.meter.click_ms.append((time.perf_counter() - started) * 1000)

    async def play(self, slot: Slot, player: Player) -> None:
        """The member to act plays a random legal move: a card from their panel (and,
        when it can take in several ways, a capture the panel then offers), or a claim
        on the board."""
        table = self.service.tables[slot.table_id]
        legal = table.state.legal_moves()
        cards = sorted({move_card(m) for m in legal if not is_claim(m)})
        claims = [m for m in legal if is_claim(m)]
        kind, picked = self.rng.choice([("card", c) for c in cards] + [("move", m) for m in claims])
        if kind == "move":
            await self._click_move(table, player, picked)
        else:
            await self._play_card(slot, player, table, picked)
        await self._catch_up(table)

    async def _play_card(self, slot: Slot, player: Player, table, card: int) -> None:
        moves = [m for m in table.state.legal_moves() if move_card(m) == card and not is_claim(m)]
        panel, clicker = await self._panel_for(slot, player, table, card)
        custom_id = probes.card_buttons(panel, table.id, table.version)[card]
        if len(moves) == 1:
            await self._timed_click(table, clicker, panel, custom_id)
            return
        await act(self.env, clicker.click(panel, custom_id=custom_id))
        if clicker is player.actor:
            panel = probes.ephemeral_panel(player.ephemeral)
        else:
            panel = probes.latest_dm_panel(player.actor.user)
        move_id = f"esc:move:{table.id}:{table.version}:{self.rng.choice(moves):x}"
        if panel is None or move_id not in probes.custom_ids(panel, enabled_only=True):
            raise BenchmarkError(f"table {table.id}: the panel offers no {move_id}")
        await self._timed_click(table, clicker, panel, move_id)

    async def _click_move(self, table, player: Player, move: int) -> None:
        table = self._current(table)
        board = probes.board_message(self.env, table)
        custom_id = f"esc:move:{table.id}:{table.version}:{move:x}"
        if board is None or custom_id not in probes.custom_ids(board, enabled_only=True):
            raise BenchmarkError(f"table {table.id}: the board offers no {custom_id}")
        await self._timed_click(table, player.actor, board, custom_id)

    def check_panels(self, slot: Slot) -> None:
        """Count the members whose latest panel shows an older version than the table."""
        table = self.service.tables.get(slot.table_id)
        if table is None or table.status != "playing":
            return
        for player in slot.players:
            panels = [probes.ephemeral_panel(player.ephemeral)]
            if not player.dm_closed:
                panels.append(probes.latest_dm_panel(player.actor.user))
            for panel in panels:
                if panel is None:
                    continue
                shown = probes.panel_version(panel, table.id)
                if shown is None:
                    continue
                self.meter.panel_checks += 1
                if shown < table.version:
                    self.meter.stale_panels += 1

    async def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        self._take_calls(counted=False)  # logging in, syncing commands
        with self._not_counted():
            await self.setup()
        self.meter.commits_at_start = self.bot.storage.commits
        for slot in self.slots:
            await self.new_match(slot)
        idle = 0
        while self.moves() < self.target:
            for slot in self.slots:
                table = self.service.tables[slot.table_id]
                if table.status != "playing":
                    await self.new_match(slot)
            ready = [(s, p) for s in self.slots if (p := self._human_to_act(s)) is not None]
            if not ready:
                idle += 1
                if idle > MAX_IDLE_ROUNDS:
                    raise BenchmarkError("no member is to act at any table")
                self.meter.virtual_advances += 1
                await advance(self.env, TIME_STEP)
                continue
            idle = 0
            slot, player = self.rng.choice(ready)
            self.meter.human_actions += 1
            await self.play(slot, player)
            self.check_panels(slot)
            await advance(self.env, self.think / len(self.slots))
        self._take_calls(counted=True)
        return self.report(time.perf_counter() - started)

    def report(self, seconds: float) -> dict[str, Any]:
        meter = self.meter
        commits = self.bot.storage.commits - meter.commits_at_start - meter.setup_commits
        return {
            "benchmark": "discord",
            "tables": self.tables,
            "seed": self.seed,
            "think_seconds": self.think,
            "mix": "humans" if self.humans_only else "mixed",
            "pictures": "on" if self.pictures else "off",
            "matches": sum(slot.matches for slot in self.slots),
            **meter.figures(self.moves(), commits),
            "bot_errors": len(self.env.errors),
            "seconds": round(seconds, 2),
        }


def benchmark_settings(database: Path, seed: int) -> Settings:
    return Settings.of(
        discord_token="loadtest",
        database_path=database,
        deal_seed=seed,
        hand_pause=0,
        bot_pause=0,
        shard_count=1,
        puzzle_stock=0,
    )


@contextlib.asynccontextmanager
async def simulated_bot(seed: int, **simcord_options: Any) -> AsyncIterator[tuple[Any, Any]]:
    """The bot on a throw-away database, run against SimCord: (env, bot)."""
    import simcord

    with tempfile.TemporaryDirectory(prefix="escoba-loadtest-") as scratch:
        bot = create_bot(benchmark_settings(Path(scratch) / "load.sqlite3", seed))
        try:
            async with simcord.run(bot, check_errors=False, **simcord_options) as env:
                yield env, bot
        finally:
            if (storage := getattr(bot, "storage", None)) is not None:
                await storage.close()


async def run_discord_benchmark(
    *,
    tables: int = 10,
    moves: int = 2000,
    seed: int = 1,
    pictures: bool = True,
    think: float = THINK_SECONDS,
    humans_only: bool = False,
) -> dict[str, Any]:
    """Play ``tables`` tables at once until ``moves`` moves were applied; the report."""
    async with simulated_bot(seed) as (env, bot):
        load = DiscordLoad(
            env,
            bot,
            tables=tables,
            target=moves,
            seed=seed,
            pictures=pictures,
            think=think,
            humans_only=humans_only,
        )
        return await load.run()
