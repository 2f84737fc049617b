"""The bot: an ``AutoShardedBot`` that opens the database, loads the cogs, restores
every live table and syncs its slash commands."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands, tasks

from .ai.seats import BotPlayers
from .boundary import ErrorBoundary
from .croupier import Croupier
from .deadlines import DeadlineSweep
from .i18n import CommandTranslator
from .metrics import Metrics
from .publishing import Publisher, Timings
from .publishing.emojis import find_card_faces, upload_card_faces
from .publishing.seasons import SeasonPoster
from .publishing.tournaments import TournamentPublisher
from .puzzles.stock import PuzzleStock
from .screens.cards import CardFaces
from .screens.ids import DYNAMIC_ITEMS
from .settings import Settings
from .storage import EVERY_SHARD, ClaimLost, Storage, utc_now
from .tables import TableService
from .tournaments.service import TournamentService

log = logging.getLogger(__name__)

COGS = (
    "cogs.tables",
    "cogs.rules",
    "cogs.leaderboard",
    "cogs.history",
    "cogs.settings",
    "cogs.daily",
    "cogs.tournament",
    "cogs.play",
    "cogs.slow",
    "cogs.watch",
    "cogs.puzzles",
)
TREE_HASH_KEY = "command_tree_hash"
CLAIM_CHECK_SECONDS = 5
"""How often a process checks that no newer one has claimed its shards."""
TOURNAMENT_CHECK_SECONDS = 30
"""How often the tournaments' clocks are looked at (start times, rounds' ends)."""
SEASON_CHECK_SECONDS = 600
"""How often a process looks for seasons that are over (and at start)."""


class CommandTree(app_commands.CommandTree["EscobaBot"]):
    """Slash commands; whatever one raises goes to the bot's error boundary."""

    async def on_error(
        self, interaction: discord.Interaction[EscobaBot], error: app_commands.AppCommandError
    ) -> None:
        await interaction.client.boundary.answer(interaction, error)


class EscobaBot(commands.AutoShardedBot):
    """Hosts Escoba, Scopa and Rubamazzo tables."""

    storage: Storage
    service: TableService
    croupier: Croupier
    publisher: Publisher
    boundary: ErrorBoundary
    bots: BotPlayers
    tournaments: TournamentService
    tournament_publisher: TournamentPublisher

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=CommandTree,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            # None runs every shard (discord.py's default, though its hints say a list)
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # pyright: ignore[reportArgumentType]
        )
        self.settings = settings
        self.metrics = Metrics()
        self.card_faces = CardFaces()
        """The card emojis found or uploaded; cards are written in words until then."""
        self.emoji_upload: asyncio.Task[int] | None = None
        self.closing: asyncio.Task[None] | None = None
        """Closing after another process took a shard over."""
        self._restored = False
        self.restore_on_ready = True
        """Publish the restored tables once connected; the sandbox waits until its
        simulated server exists, so the server gets the same ids at every start."""
        self.clock: Callable[[], datetime] = utc_now
        """What time it is for the database's dates (the sandbox sets its simulated clock)."""
        self.simulated = False
        """Playing against a simulated Discord (the sandbox): a fresh Discord at every
        start, whose commands are synced whatever the stored hash says; no thread notice."""
        self.owner = f"{socket.gethostname()} pid {os.getpid()} ({secrets.token_hex(3)})"
        """This process, as its shard claims name it."""

    async def open_storage(self) -> None:
        """Open the database (``DatabaseError`` when it cannot be used), once."""
        if getattr(self, "storage", None) is None:
            self.storage = await Storage.open(self.settings.database, clock=lambda: self.clock())

    def _tournament_rounds(self, tournament_id: int) -> int | None:
        """A live tournament's number of rounds (the broadcast post features its final)."""
        tournament = self.tournaments.tournaments.get(tournament_id)
        return tournament.rounds if tournament is not None else None

    async def setup_hook(self) -> None:
        await self.open_storage()
        self.service = TableService(
            self.storage,
            deal_seed=self.settings.deal_seed,
            clock=_discord_clock,
            shards=self.settings.shards,
            metrics=self.metrics,
        )
        self.service.on_claim_lost = self.claim_lost
        service = self.service
        self.metrics.count_live_tables(lambda: sum(t.is_live for t in service.tables.values()))
        await self.serve_metrics()
        self.bots = BotPlayers()
        timings = Timings(
            publish_pause=self.settings.publish_pause,
            hand_pause=self.settings.hand_pause,
            bot_pause=self.settings.bot_pause,
            ping_quiet=self.settings.ping_quiet,
            edit_window=self.settings.edit_window,
        )
        self.publisher = Publisher(self, self.service, timings)
        self.boundary = ErrorBoundary(self.service, self.publisher)
        self.tournaments = TournamentService(self.storage, self.service, clock=_discord_clock)
        if self.simulated:  # the sandbox has no turn timers
            self.tournaments.turn_seconds = None
        self.tournament_publisher = TournamentPublisher(
            self, self.tournaments, pause=self.settings.edit_window / 2
        )
        self.tournaments.on_changed = self.tournament_publisher.poke
        self.tournaments.on_table_changed = self.publisher.poke
        self.publisher.broadcasts.rounds_of = self._tournament_rounds
        self.croupier = Croupier(
            self, self.service, self.publisher, self.boundary, self.tournaments
        )
        self.deadlines = DeadlineSweep(
            self, self.service, self.publisher, max_sleep=self.settings.sweep_seconds
        )
        self.puzzle_stock = PuzzleStock(self.storage, self.settings.puzzle_stock)
        await self.tree.set_translator(CommandTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in COGS:
            await self.load_extension(extension)
        await self.claim_shards()
        await self.croupier.daily.secret()  # made at the first start, then kept
        await self.prepare_card_faces()
        restored = await self.service.restore()
        log.info("restored %d live tables (%s)", len(restored), _shards_text(self.settings))
        await self.tournaments.restore()
        self.close_seasons.start()
        self.tournament_clock.start()
        if self.serves_dms:
            self.croupier.pool_runner.start()
            self.puzzle_stock.start()
        await self.sync_commands()

    async def prepare_card_faces(self) -> None:
        """Find the card emojis, and upload the missing ones in the background."""
        await find_card_faces(self, self.card_faces)
        if any(self.card_faces.missing()):
            self.emoji_upload = asyncio.create_task(upload_card_faces(self, self.card_faces))

    async def claim_shards(self) -> None:
        """Take this process's shards over (a process still driving them stops at its
        next check: the old one of a rolling deploy), and watch the claim on PostgreSQL,
        the database processes share (an SQLite file serves one process)."""
        await self.storage.claim_shards(self.settings.shards, self.owner)
        if self.storage.dialect == "postgresql":
            self.watch_claim.start()

    @tasks.loop(seconds=CLAIM_CHECK_SECONDS)
    async def watch_claim(self) -> None:
        """Stop the bot once another process has claimed one of its shards: both would
        drive and show the same tables."""
        try:
            claims = await self.storage.shard_claims(self.settings.shards)
        except Exception:
            log.exception("cannot check the shard claims; trying again")
            return
        newer = sorted({owner for owner in claims.values() if owner != self.owner})
        if newer:
            log.warning(
                "%s took over %s: it drives their tables now, so this process stops",
                ", ".join(newer),
                _shards_text(self.settings),
            )
            self.watch_claim.stop()
            await self.close()

    @tasks.loop(seconds=SEASON_CHECK_SECONDS)
    async def close_seasons(self) -> None:
        """Close every season that is over (at start, so one that ended while the bot
        was down closes then, and every few minutes): its final standings are kept,
        once, whichever process gets there first; then post the results not posted yet
        (``publishing.seasons``)."""
        try:
            for guild_id, season in await self.storage.seasons_due(self.storage.clock()):
                if await self.storage.close_season(guild_id, season):
                    log.info("closed season %s of server %d", season, guild_id)
            if self.is_ready():  # at start, on_ready posts them once the servers are known
                await self.post_seasons()
        except Exception:
            log.exception("cannot close or post the seasons that are over; trying again later")

    @tasks.loop(seconds=TOURNAMENT_CHECK_SECONDS)
    async def tournament_clock(self) -> None:
        """Start the tournaments due, decide the rounds whose time ran out."""
        try:
            await self.tournaments.tick()
        except Exception:
            log.exception("cannot run the tournaments' clock; trying again")

    @property
    def serves_dms(self) -> bool:
        """Whether this process runs shard 0, where Discord delivers DM interactions:
        quick-play matches are played there."""
        shards = self.settings.shards
        return shards is None or 0 in shards.ids

    def answer_webhook(self, token: str) -> discord.Webhook:
        return discord.Webhook.partial(self.application_id or 0, token, client=self)

    def claim_lost(self, lost: ClaimLost) -> None:
        """A table write found its shard claimed by another process (fenced: nothing
        was written): show nothing more and stop, as ``watch_claim`` would."""
        log.warning(
            "another process took over shard %s (found at a write): this process stops",
            "every shard" if lost.shard == EVERY_SHARD else lost.shard,
        )
        self.stop_work()
        self.closing = asyncio.create_task(self.close())

    async def serve_metrics(self) -> None:
        """With ``METRICS_PORT``, count Discord's calls and serve the metrics, once
        (``python -m bot`` does it before connecting to Discord: a port in use stops it
        at once)."""
        port = self.settings.metrics_port
        if port is None or self.metrics.serving:
            return
        self.metrics.count_discord_calls(self.http)
        await self.metrics.serve(port)

    async def on_ready(self) -> None:
        if self.restore_on_ready:
            await self.restore_publishing()
        try:
            await self.post_seasons()
        except Exception:
            log.exception("cannot post the seasons' results; trying again later")

    async def post_seasons(self) -> None:
        """Post the results of closed seasons not posted yet (``publishing.seasons``)."""
        await SeasonPoster(self, self.storage).post_due()

    async def restore_publishing(self) -> None:
        """Bring Discord in line with every live table and tournament, once (after a
        restart)."""
        if not self._restored:
            self._restored = True
            await self.publisher.restore()
            self.tournament_publisher.restore()
            self.deadlines.start()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            await self.boundary.answer_unknown(interaction)

    async def on_message(self, message: discord.Message) -> None:
        self.publisher.noticed_message(message)

    async def sync_commands(self) -> None:
        """Sync to ``DEV_GUILD_ID`` when set, else globally when the command tree changed."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                await self.tree.sync(guild=guild)
            except discord.HTTPException as exc:
                log.error("cannot sync commands to DEV_GUILD_ID %s: %s", guild.id, exc)
            return
        digest = await self.tree_hash()
        if not self.simulated and await self.storage.meta(TREE_HASH_KEY) == digest:
            return
        await self.tree.sync()
        await self.storage.set_meta(TREE_HASH_KEY, digest)
        log.info("slash commands synced globally")

    async def tree_hash(self) -> str:
        """A digest of the commands as Discord gets them, translations included."""
        tree, translator = self.tree, self.tree.translator or app_commands.Translator()
        payload = [
            await command.get_translated_payload(tree, translator)
            for command in tree.get_commands()
        ]
        text = json.dumps(payload, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def close(self) -> None:
        self.stop_work()
        await self.metrics.close()
        await super().close()
        await self.close_storage()

    def stop_work(self) -> None:
        """Cancel every publisher's work and pending bot move, the claim's watch, and stop
        the bots' workers."""
        if self.watch_claim.get_task() is not asyncio.current_task():
            self.watch_claim.cancel()
        self.close_seasons.cancel()
        self.tournament_clock.cancel()
        croupier = getattr(self, "croupier", None)
        if croupier is not None:
            croupier.pool_runner.stop()
        deadlines = getattr(self, "deadlines", None)
        if deadlines is not None:
            deadlines.stop()
        stock = getattr(self, "puzzle_stock", None)
        if stock is not None:
            stock.stop()
        tournaments = getattr(self, "tournament_publisher", None)
        if tournaments is not None:
            tournaments.stop()
        publisher = getattr(self, "publisher", None)
        if publisher is not None:
            publisher.stop()
        bots = getattr(self, "bots", None)
        if bots is not None:
            bots.close()
        if self.emoji_upload is not None:
            self.emoji_upload.cancel()

    async def close_storage(self) -> None:
        """Close the database (its worker thread would keep the interpreter alive)."""
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()


def _shards_text(settings: Settings) -> str:
    shards = settings.shards
    if shards is None:
        return "every shard"
    return f"shards {', '.join(map(str, shards.ids))} of {shards.count}"


def _discord_clock() -> float:
    """Epoch seconds on Discord's clock (SimCord's simulated one in tests and the sandbox)."""
    return discord.utils.utcnow().timestamp()


def create_bot(settings: Settings) -> EscobaBot:
    return EscobaBot(settings)
