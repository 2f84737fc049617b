"""``python -m bot --sandbox``: the real bot against SimCord's simulated Discord, in a browser.

No token and no network: SimCord plays Discord in memory, and its preview serves
the server's #cartas channel on loopback, with a composer for the slash commands.
The world is one server with four members: "Alex" (with Manage Server, so /settings
works too), and "Bea", "Carlo" and "Dani", whom the page's viewer menu lets you act
as (to sit at one table together, or enter a tournament): names, so the table says
"Alex wins the match!".

Choices for the sandbox:
- Hands come in the ephemeral "My hand" panel (the preview shows the channel, not
  DMs), and tables play in the channel rather than in threads (the preview shows
  one channel), so a channel hosts one table at a time. The notice a real server
  gets about Create Public Threads is not shown: there is nothing to fix. A
  tournament's matches play in #cartas too, side by side.
- Bots move at once and hands follow each other without a pause, and there are no
  turn timers (quick play's and tournaments' tables neither: one member plays every
  seat in turn); the pool pairs when a member enters, and offers the hard bot at once.
- SimCord's preview shows one channel: #cartas, or with ``--dms`` the members' DMs with
  the bot, where quick play's seats are played: its "Viewing as" menu opens each
  member's own DMs (``sandbox_dms``), so Alex and Bea ``/play`` and play each other.
- The database is a throw-away file in a temporary folder unless ``--database``
  names one; the server, channel and member get the same ids every run, so a kept
  database keeps its leaderboards and history. The slash commands are synced at
  every start (each run's Discord is a new one, whatever the database remembers).
- The database dates its rows by SimCord's clock (``env.now()``), so ``/history``
  says when a match ended in the sandbox's time. That clock moves as the bot's timers
  come due (its checks every few seconds: about as fast as real time), while the
  page dated its "5 minutes ago" from the instant it was opened: the page follows
  the clock (``follow_the_clock``), so no finished match reads "in 12 minutes".
- The page rebuilds what it shows from the channel's whole history at every click,
  so after an hour of play a card click took 26 s: the sandbox keeps the last
  ``KEPT_MESSAGES`` messages of a channel and deletes older ones, as a moderator
  would, but never one with buttons (a board or a hand panel still in use).
- SimCord keeps no emoji pictures, so the sandbox hands the preview the pictures of
  the card emojis itself (each start uploads them again to the new simulated Discord).
- Leaving the sandbox (Ctrl-C) stops the bot's work and closes the database, so no
  worker thread keeps the interpreter waiting.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import orjson

from .client import EscobaBot, create_bot
from .pictures.emoji import card_emoji_png
from .screens.cards import wanted_emojis
from .settings import Settings

SANDBOX_GUILD_ID = 424_242_424_242_424_242
CHANNEL_NAME = "cartas"
MEMBER_NAME = "Alex"
OTHER_NAMES = ("Bea", "Carlo", "Dani")
BOT_NAME = "Escoba"
KEPT_MESSAGES = 150
"""Messages a channel keeps in the sandbox: more than the bot reads back (100) to find
its own posts, and three pages of the preview's window (50)."""
WELCOME = """\
Sandbox ready: open {url}

Type /escoba new (or /scopa new, /scopone new, /cirulla new, /rubamazzo new) in #cartas,
pick "Add a bot", press Start, and play from "My hand". The viewer menu at the top acts
as Bea, Carlo or Dani: seat them too, or try /tournament new. Ctrl-C stops the sandbox.
Database: {database}"""


DMS_WELCOME = """\
Sandbox ready: open {url}

This page is Alex's DMs with the bot; the "Viewing as" menu at the top opens Bea's,
Carlo's or Dani's. Type /play: alone in the pool, you are offered the hard bot at once
("Play the bot now: Level N"); or /play as Alex, then as Bea, and the pool pairs them: each
plays their seat, one message, from their own DMs, switching with "Viewing as" (each
shows as an animal, 🦊 1000?, until they choose /profile show_me:True). /scopa
new opens a friends' table here, driven by clicks alone (add a bot, Start, My hand), as
in any DM or group DM. /stats, /history and /daily play work here too. Ctrl-C stops the
sandbox.
Database: {database}"""

NEEDS_DEV = 'the sandbox needs the development extras: pip install -e ".[dev]"'


class SandboxError(RuntimeError):
    """The sandbox cannot start (SimCord or its preview missing, a port in use…)."""


@dataclass(frozen=True, slots=True)
class SandboxWorld:
    """The simulated Discord: its env, the server, the #cartas channel, the member
    (``you``, named ``MEMBER_NAME``), the ``others`` (``OTHER_NAMES``) and the bot."""

    env: Any
    guild: Any
    channel: Any
    you: Any
    others: tuple[Any, ...]
    bot: EscobaBot

    @property
    def members(self) -> list[Any]:
        return [self.you, *self.others]


def sandbox_settings(database: Path, deal_seed: int | None = None) -> Settings:
    return Settings.of(
        discord_token="",
        database_path=database,
        hand_pause=0,
        bot_pause=0,
        edit_window=0,  # no edit limit to respect, and the simulated clock stands still
        shard_count=1,
        deal_seed=deal_seed,
    )


async def build_world(env, bot: EscobaBot) -> SandboxWorld:
    """One server with #cartas (no threads for the bot), the member ``MEMBER_NAME``
    who manages it, and the others; the bot goes by ``BOT_NAME``."""
    if bot.user is not None:
        await bot.user.edit(username=BOT_NAME)
    guild = env.create_guild("Sandbox", id=SANDBOX_GUILD_ID)
    managers = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    you = guild.add_member(env.create_user(MEMBER_NAME), roles=[managers])
    channel = guild.create_text_channel(
        CHANNEL_NAME,
        topic="Escoba, Scopa, Scopone, Cirulla and Rubamazzo: type /escoba new to start",
        overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    others = tuple(guild.add_member(env.create_user(name)) for name in OTHER_NAMES)
    current = await bot.storage.guild_settings(guild.id)
    await bot.storage.save_guild_settings(guild.id, dataclasses.replace(current, dm_hands=False))
    return SandboxWorld(env, guild, channel, you, others, bot)


@contextlib.asynccontextmanager
async def sandbox(
    database: Path, deal_seed: int | None = None, kept_messages: int | None = KEPT_MESSAGES
) -> AsyncIterator[SandboxWorld]:
    """The bot running against a fresh simulated Discord, for as long as the block runs
    (``deal_seed`` makes the deals reproducible, for tests; ``kept_messages``: the
    messages a channel keeps, None: all, as the benchmark compares)."""
    try:
        import simcord
    except ImportError as exc:
        raise SandboxError(NEEDS_DEV) from exc
    bot = create_bot(sandbox_settings(database, deal_seed))
    bot.simulated = True
    bot.restore_on_ready = False
    try:
        async with simcord.run(bot, check_errors=False) as env:
            bot.clock = env.now
            if kept_messages is not None:
                bot.add_listener(_history_kept(env, kept_messages), "on_message")
            if bot.emoji_upload is not None:
                await bot.emoji_upload
            world = await build_world(env, bot)
            await bot.restore_publishing()  # tables of a kept database come back here
            yield world
    finally:
        bot.stop_work()
        await bot.close_storage()


def _history_kept(env, limit: int):
    """A listener that deletes a channel's oldest messages past ``limit``, but never one
    with buttons or menus (a board, a hand panel, a lobby: what a member still uses)."""

    async def on_message(message: discord.Message) -> None:
        kept = env.backend.messages.get(message.channel.id, {})
        if len(kept) > limit:
            quiet = sorted(key for key, held in kept.items() if not held.components)
            oldest = quiet[: len(kept) - limit]
            if oldest:
                env.backend.bulk_delete_messages(message.channel.id, oldest)

    return on_message


def follow_the_clock(page) -> None:
    """Make a preview date what it shows (``<t:…:R>``: "5 minutes ago") from SimCord's
    clock at each publication, not from the instant it was opened (SimCord 3.2 moves
    its presentation time only on Refresh)."""
    publish = page._publish

    def published(*args: Any, **kwargs: Any) -> None:
        page.capture_time = page.env.now()
        publish(*args, **kwargs)

    page._publish = published


def parse_markdown_once() -> None:
    """Make SimCord's preview parse a text's markdown once, not at every click.

    The preview rebuilds the 50 messages it shows at every click, and parses each text
    of each again with a new markdown parser: 80% of a click's time (a daily card click
    in a #cartas of 150 messages took 240 ms here, 1.9-4.3 s on a busy machine). The
    tokens of a text depend on the text, its field and its context (the names and
    emojis it may mention) only, so they are kept, and each caller gets its own copy."""
    from simcord.preview import _component_projection, _markdown, _messages, _queries

    parse = _markdown.markdown_tokens
    if getattr(vars(_messages)["markdown_tokens"], "kept", False):
        return

    @functools.lru_cache(maxsize=8192)
    def parsed(text: str, profile: str, context: bytes) -> bytes:
        return orjson.dumps(parse(text, profile, context=orjson.loads(context)))

    def markdown_tokens(value: Any, profile: str = "message", *, context: Any = None) -> Any:
        if value is None:
            return []
        try:
            key = orjson.dumps(context or {}, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # a context SimCord may add one day, not JSON
            return parse(value, profile, context=context)
        return orjson.loads(parsed(str(value), profile, key))

    markdown_tokens.kept = True  # pyright: ignore[reportFunctionMemberAccess]
    for module in (_component_projection, _messages, _queries):
        module.markdown_tokens = markdown_tokens  # pyright: ignore[reportAttributeAccessIssue]


def open_page(world: SandboxWorld, *, dms: bool = False, port: int | None = None):
    """The preview of #cartas (or, ``dms``, of the members' DMs with the bot, Alex's
    first) that the browser shows, following the sandbox's clock."""
    assets = emoji_pictures(world.env)
    if dms:
        from .sandbox_dms import dms_preview

        users = [member.user for member in world.members]
        page = dms_preview(world.env, users, assets=assets, port=port)
    else:
        page = world.env.preview(
            world.channel, viewers=world.members, layout="channel", port=port, assets=assets
        )
    follow_the_clock(page)
    parse_markdown_once()
    return page


def emoji_pictures(env) -> dict[str, tuple[str, bytes]]:
    """The card emojis' pictures, by the URL the preview asks for them."""
    from simcord.backend.cdn import CDN_BASE

    wanted = wanted_emojis()
    return {
        f"{CDN_BASE}/emojis/{emoji.id}.png": (
            f"{emoji.name}.png",
            card_emoji_png(*wanted[emoji.name]),
        )
        for emoji in env.backend.application_emojis.values()
        if emoji.name in wanted
    }


async def serve(database: Path | None, port: int | None, *, dms: bool = False) -> None:
    """Run the sandbox and its browser page until interrupted: #cartas, or (``dms``)
    the member's DMs with the bot."""
    with tempfile.TemporaryDirectory(prefix="escoba-sandbox-") as scratch:
        path = database or Path(scratch) / "sandbox.sqlite3"
        async with sandbox(path) as world, contextlib.AsyncExitStack() as stack:
            from simcord import SetupError

            page = open_page(world, dms=dms, port=port)
            try:
                preview = await stack.enter_async_context(page)
            except (OSError, SetupError) as exc:
                raise SandboxError(f"the sandbox could not start: {exc}") from exc
            welcome = DMS_WELCOME if dms else WELCOME
            print(welcome.format(url=preview.url, database=path), flush=True)
            await preview.wait_closed()
