"""``python -m bot --sandbox``: its world plays a hand, and its page is served."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import aiohttp
import discord
from simcord.results import to_discord_message

from bot.__main__ import parse_args
from bot.pool.matchmaking import BASE_GAP
from bot.sandbox import open_page, sandbox
from tests.discord_helpers import (
    BOT_SELECT,
    TableDriver,
    answer,
    current,
    custom_ids,
    enabled,
    is_score_sheet,
    message_text,
)
from tests.page_client import PageClient, controls, live_ids, shown_text


async def test_the_sandbox_world_plays_a_whole_hand_against_a_bot(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        you, channel = world.you, world.channel
        driver = TableDriver(world.env, channel, [you], dm_closed={you.id})
        opened = await driver.open("escoba new")
        assert opened.followups == [], "no notice about threads: nothing to fix here"
        await you.select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
        started = await you.click(driver.lobby, label="Start")
        assert started.response.message.embeds[0].footer.text.endswith("the board is below.")
        assert channel.threads == [], "the table plays in the channel the preview shows"
        assert list(you.user.dm_channel.history()) == [], "hands come in the ephemeral panel"

        turns = 0
        while not any(is_score_sheet(m) for m in channel.history()):
            await driver.play_turn()
            turns += 1
            assert turns < 30, "the hand did not end"
        assert turns >= 3
        sheet = next(m for m in channel.history() if is_score_sheet(m))
        assert sheet.embeds[0].title == "Escoba · hand 1 results"
        assert "Hard bot" in " ".join(f.name for f in sheet.embeds[0].fields)
        assert "Alex" in " ".join(f.name for f in sheet.embeds[0].fields), "a name, not 'you'"
        assert sheet.author.name == "Escoba", "the bot goes by the game's name"


async def test_the_sandbox_serves_its_page_with_the_slash_commands(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3") as world:
        preview = world.env.preview(world.channel, viewers=[world.you], layout="channel")
        async with preview, aiohttp.ClientSession() as session:
            base, capability = preview.url.split("#")
            assert base.startswith("http://127.0.0.1:")
            async with session.get(base) as page:
                assert page.status == 200
                assert "<title>SimCord Preview</title>" in await page.text()
            headers = {"X-Simcord-Capability": capability}
            body = {"viewer_id": str(world.you.id)}
            async with session.post(base + "api/pages", json=body, headers=headers) as opened:
                context = (await opened.json())["context"]["id"]
            headers["X-Simcord-Context"] = context
            async with session.get(base + "api/commands", headers=headers) as commands:
                catalog = await commands.json()
        invocations = {entry["invocation"] for entry in catalog["entries"]}
        assert {"escoba new", "scopa new", "rubamazzo new", "hand", "history"} <= invocations


def test_the_command_line_knows_the_sandbox():
    args = parse_args(["--sandbox", "--port", "8123"])
    assert args.sandbox and args.port == 8123 and args.database is None
    assert not parse_args([]).sandbox


async def test_a_kept_database_starts_with_the_commands_and_the_same_ids(tmp_path):
    database = tmp_path / "kept.sqlite3"
    seen = []
    for _ in range(2):
        async with sandbox(database, deal_seed=5) as world:
            commands = world.you.available_commands(world.channel)
            assert {"escoba new", "scopa new", "history", "leaderboard"} <= set(commands)
            seen.append((world.guild.id, world.channel.id, world.you.id))
            if len(seen) == 1:
                await world.you.slash(world.channel, "settings", images=False)
            else:
                saved = await world.you.slash(world.channel, "settings")
                assert "Card pictures: no" in saved.response.embeds[0].description
    assert seen[0] == seen[1], "the leaderboards and history find the same server and member"


async def _match_against_the_easy_bot(world, *, played: bool = True) -> TableDriver:
    """Alex's Escoba to 1 point against the easy bot in #cartas, started (and played to
    its end unless ``played`` is False)."""
    you = world.you
    driver = TableDriver(world.env, world.channel, [you], dm_closed={you.id})
    await driver.open("escoba new", target=1)
    await you.select(driver.lobby, ["random"], custom_id=BOT_SELECT)
    await you.click(driver.lobby, label="Start")
    if played:
        await driver.play_to_end()
    return driver


async def test_the_page_parses_a_message_once_not_at_every_click(tmp_path, monkeypatch):
    """The page rebuilds the messages it shows at every click, and parsed the markdown
    of each again with a new parser (80% of a click's time in a #cartas of 150
    messages): a text is parsed once, and a click on an unchanged channel parses none."""
    from simcord.preview import _markdown

    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        for number in range(20):
            await world.others[0].send(world.channel, f"**chat** {number}")
        async with open_page(world) as preview, aiohttp.ClientSession() as http:
            page = await PageClient.open(http, preview)
            built = []
            parser = _markdown._markdown_parser
            monkeypatch.setattr(
                _markdown, "_markdown_parser", lambda *a: built.append(a) or parser(*a)
            )
            await page.act("refresh")
            assert "**chat** 19" in [m["content"] for m in page.messages()]
            assert built == [], "nothing parsed again"


async def test_history_dates_come_from_the_sandbox_clock(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        you, channel, env = world.you, world.channel, world.env
        await env.advance_time(3 * 3600)
        await _match_against_the_easy_bot(world)
        history = await you.slash(channel, "history")
        ended = int(re.search(r"<t:(\d+):R>", history.response.embeds[0].description).group(1))
        assert ended == int(env.now().timestamp())


async def test_the_page_never_dates_a_finished_match_in_the_future(tmp_path):
    """The sandbox's clock moves with the bot's timers while the page is open (twelve
    minutes here): the page reads "<t:…:R>" against that clock, so a match that just
    ended is "now" or past, never "in 12 minutes"."""
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        you, channel, env = world.you, world.channel, world.env
        async with open_page(world) as page:
            await env.advance_time(12 * 60)
            await _match_against_the_easy_bot(world)
            history = await you.slash(channel, "history")
            ended = int(re.search(r"<t:(\d+):R>", history.response.embeds[0].description)[1])
            shown = await page.snapshot()
        stamps = re.findall(r'"unix": "?(\d+)', json.dumps(shown))
        assert str(ended) in stamps, "the page shows the history's date"
        basis = datetime.fromisoformat(shown["profile"]["presentationTime"]).timestamp()
        assert ended <= basis, f"dated {ended - basis:+.0f} s from the page's now"


async def test_a_tournament_in_the_sandbox_plays_without_turn_timers(tmp_path):
    """The sandbox has no turn timers (its clock follows the bot's timers and the one
    member plays every seat in turn): a tournament's boards show none, and a member
    away for long is not played for by the bot."""
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        alex = world.you
        channel, env = world.channel, world.env
        await alex.slash(channel, "tournament new", format="knockout")
        sign_up = next(m for m in channel.history() if "tournament #" in message_text(m))
        for member in world.members:
            await member.click(current(env, sign_up), label="Join")
        await alex.click(current(env, sign_up), label="Start")
        boards = [m for m in channel.history() if custom_ids(m, "esc:hand:")]
        assert boards, "the match plays in #cartas"
        assert not any("time runs out" in message_text(m) for m in boards)
        await env.advance_time(30 * 60)
        board = current(env, boards[-1])
        assert "time runs out" not in message_text(board)
        assert "bot plays their seat" not in " ".join(message_text(m) for m in channel.history())


async def test_the_sandbox_keeps_a_channel_to_its_last_messages(tmp_path):
    """The page rebuilds what it shows from the channel's history at every click (an
    hour of play made a click take 26 s): a channel keeps its last messages only, but
    never deletes one a member still uses (the board of a match in play, its buttons)."""
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5, kept_messages=20) as world:
        channel = world.channel
        driver = await _match_against_the_easy_bot(world, played=False)
        first_board = driver.board()
        for number in range(30):
            await world.others[0].send(channel, f"chat {number}")
        kept = list(channel.history())
        assert kept[-1].content == "chat 29" and "chat 9" not in [m.content for m in kept]
        quiet = [m for m in kept if not m.components]
        assert len(kept) == 20 and len(quiet) < 20, [m.content for m in kept]
        assert first_board.id in {m.id for m in kept}, "the board in play is kept"
        await driver.play_to_end()  # from the board: no /hand needed
        assert "The match is over" in message_text(driver.board())
        assert len(list(channel.history())) <= 20


async def test_leaving_the_sandbox_closes_the_database_and_its_thread(tmp_path):
    before = set(threading.enumerate())
    async with sandbox(tmp_path / "sandbox.sqlite3") as world:
        storage = world.bot.storage
        await world.you.slash(world.channel, "leaderboard")
    assert not storage.db.connection._running, "the database is closed"
    started = [t for t in set(threading.enumerate()) - before if not t.daemon]
    for thread in started:
        thread.join(timeout=5)
    left = [t for t in started if t.is_alive()]
    assert left == [], "nothing keeps the interpreter alive after Ctrl-C"


def test_sigterm_stops_python_m_bot_as_ctrl_c_does(tmp_path):
    """systemd, Docker and Heroku stop a process with SIGTERM: it unwinds like Ctrl-C
    (the sandbox's scratch folder, removed on the way out, is the witness)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        database = _sandbox_database(process)
        assert database.parent.exists()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0, "an orderly exit, not death by signal"
    finally:
        process.kill()
    assert not database.parent.exists(), "the scratch folder went with the sandbox"


def _sandbox_database(process: subprocess.Popen) -> Path:
    """The database path the sandbox prints once it is ready."""
    for line in process.stdout:
        if line.startswith("Database: "):
            return Path(line.removeprefix("Database: ").strip())
    raise AssertionError("the sandbox ended before it was ready")


async def test_a_kept_sandbox_database_brings_the_match_back_after_a_restart(tmp_path, caplog):
    database = tmp_path / "kept.sqlite3"
    async with sandbox(database, deal_seed=5) as world:
        you, channel = world.you, world.channel
        driver = TableDriver(world.env, channel, [you], dm_closed={you.id})
        await driver.open("escoba new")
        await you.select(driver.lobby, ["expert"], custom_id=BOT_SELECT)
        await you.click(driver.lobby, label="Start")
        await driver.play_turn()
        ids = (world.guild.id, channel.id, you.id)
        version = world.bot.service.tables[1].version
    async with sandbox(database, deal_seed=5) as world:
        assert (world.guild.id, world.channel.id, world.you.id) == ids, "the same world"
        table = world.bot.service.tables[1]
        assert table.status == "playing" and table.version == version
        driver = TableDriver(world.env, world.channel, [world.you], dm_closed={world.you.id})
        for _ in range(50):  # the restored table publishes in the background
            await world.env.settle()
            if any(custom_ids(m, "esc:hand:") for m in world.channel.history()):
                break
            await asyncio.sleep(0.1)
        assert driver.board_version() == version, "the board is shown again"
        await driver.play_turn()
        assert world.bot.service.tables[1].version > version
    assert "Unknown Channel" not in caplog.text


@dataclass
class ChannelTableDriver(TableDriver):
    """One of several tables playing side by side in the channel: its board is the
    message its publisher shows."""

    table_id: int = 0

    def board(self) -> discord.Message:
        shown = self.env.bot.publisher.of(self.table_id).context.shown
        found = self.env.backend.get_message(self.channel.id, shown.board_message_id)
        return to_discord_message(self.env, found)

    def is_over(self) -> bool:
        return not self.env.bot.service.tables[self.table_id].is_live


async def test_a_sandbox_tournament_plays_its_matches_side_by_side_in_the_channel(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        env, channel, alex = world.env, world.channel, world.you
        await alex.slash(channel, "settings", target=1)  # one-hand matches
        opened = await alex.slash(channel, "tournament new", entrants=4, rounds=2, bots=True)
        assert "is open" in opened.response.message.content
        signup = channel.history()[-1]
        for member in world.members[:3]:
            await member.click(signup, label="Join")
        await alex.click(signup, label="Start")
        paired = [m.content for m in channel.history() if "round 1**" in (m.content or "")]
        assert "each at a table of its own" in paired[0], "no thread is promised"
        lobbies = [m.embeds[0] for m in channel.history() if m.embeds]
        heads = [e.description.split("\n")[0] for e in lobbies if "table #" in (e.title or "")]
        assert heads == [
            "**🏆 Tournament #1 · round 1 · match 1**",
            "**🏆 Tournament #1 · round 1 · match 2**",
        ]
        assert not any("(host)" in (e.fields[0].value if e.fields else "") for e in lobbies)
        by_id = {member.id: member for member in world.members}
        for round_no in (1, 2):
            live = [t for t in env.bot.service.tables.values() if t.is_live]
            assert len(live) == 2, f"round {round_no}: two matches at once"
            for table in live:
                players = [by_id[s.user_id] for s in table.seats if not s.bot]
                closed = {p.id for p in players}
                driver = ChannelTableDriver(
                    env, channel, players, dm_closed=closed, table_id=table.id
                )
                await driver.play_to_end()
        assert channel.threads == [], "the matches played in the channel the page shows"
        told = " ".join(m.content or "" for m in channel.history())
        assert "your turn" in told and "DMs" not in told, "the server's hands-in-DMs: off"
        titles = [(m, m.embeds[0].title or "") for m in channel.history() if m.embeds]
        podium = [m for m, title in titles if "podium" in title]
        assert len(podium) == 1 and podium[0].embeds[0].description.startswith("🥇")


async def test_a_hand_panel_kept_open_stays_current_beside_another_table(tmp_path):
    """Each member keeps the "My hand" panel opened once, for two tables playing side
    by side in #cartas: at every turn the panel shows the hand with its cards enabled."""
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        env, channel, alex = world.env, world.channel, world.you
        await alex.slash(channel, "settings", target=1)
        await alex.slash(channel, "tournament new", entrants=4, rounds=2, bots=True)
        signup = channel.history()[-1]
        for member in world.members[:3]:
            await member.click(signup, label="Join")
        await alex.click(signup, label="Start")
        by_id = {member.id: member for member in world.members}
        drivers, panels = [], {}
        for table in [t for t in env.bot.service.tables.values() if t.is_live]:
            players = [by_id[s.user_id] for s in table.seats if not s.bot]
            closed = {p.id for p in players}
            driver = ChannelTableDriver(env, channel, players, dm_closed=closed, table_id=table.id)
            drivers.append(driver)
            for player in players:
                hand = custom_ids(driver.board(), "esc:hand:")[0]
                opened = await player.click(driver.board(), custom_id=hand)
                panels[(table.id, player.id)] = answer(opened).message
        rng, moves = random.Random(3), 0
        while live := [d for d in drivers if not d.is_over()]:
            driver = rng.choice(live)
            actor = driver.actor()
            panel = current(env, panels[(driver.table_id, actor.id)])
            cards = enabled(panel, "esc:card:")
            assert cards, f"table {driver.table_id}: the kept panel is current at move {moves}"
            await actor.click(panel, custom_id=rng.choice(cards))
            choices = custom_ids(current(env, panel), "esc:move:")
            if choices:
                await actor.click(current(env, panel), custom_id=choices[0])
            moves += 1
        assert moves >= 20


async def test_quick_play_is_played_against_the_hard_bot_in_the_sandbox_dms(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=3) as world:
        you = world.you.user
        preview = world.env.preview(you.dm_channel, viewers=[you], layout="channel")
        async with preview:
            assert preview.url.startswith("http://127.0.0.1:"), "the --dms page is served"
        searching = answer(await you.slash("play", game="scopa")).message
        offered = current(world.env, searching)
        assert "No opponent yet" in offered.embeds[0].description, "offered at once"
        await you.click(offered, label="Play the bot now: Level 3")
        await world.env.settle()
        dms = you.dm_channel.history()
        (seat,) = [m for m in dms if m.embeds and "quick play" in m.embeds[0].title]
        assert custom_ids(seat, "esc:card:"), "the seat's cards are buttons"
        assert "Normal bot" in seat.embeds[0].description
    assert parse_args(["--sandbox", "--dms"]).dms


def _reaction(message: dict, index: int) -> str:
    """The reactions menu's value for reaction ``index`` now (it names the turn too)."""
    menu = next(c for c in controls(message) if c["custom_id"].startswith("esc:react:"))
    return next(o["value"] for o in menu["options"] if o["value"].split(".")[0] == str(index))


def _seat(page: PageClient) -> dict | None:
    """The viewer's quick-play seat, as their DMs show it."""
    seats = [m for m in page.messages() if "quick play #" in _title(m)]
    return seats[-1] if seats else None


def _searching(page: PageClient) -> str:
    """The viewer's last answer to /play, as it reads now."""
    answers = [m for m in page.messages() if _title(m).startswith("⚡ Quick play")]
    return shown_text(answers[-1])


def _title(message: dict) -> str:
    return (message["embeds"] or [{}])[0].get("title") or ""


async def _play_out_on_the_page(page: PageClient, names: tuple[str, ...]) -> int:
    """Each member in turn, viewed as on the page, plays their first card (and its first
    capture) from their own seat until the match is over; the moves played."""
    moves, idle = 0, 0
    for name in itertools.cycle(names):
        await page.view_as(name)
        seat = _seat(page)
        cards = live_ids(seat, "esc:card:") if seat else []
        if not cards:
            idle += 1
            if idle == len(names):
                return moves
            continue
        idle = 0
        await page.click(seat, cards[0])
        choices = live_ids(_seat(page), "esc:move:")
        if choices:
            await page.click(_seat(page), choices[0])
        moves += 1
        assert moves < 400, "the match did not end"
    raise AssertionError("unreachable")


async def test_two_members_play_quick_matches_from_their_own_dms_on_one_page(tmp_path):
    """The --dms page's "Viewing as" opens each member's own DMs: Alex and Bea /play and
    the pool pairs them, each plays their seat from their DMs and reacts; they /play
    again and are paired again, though their ratings moved apart and the sandbox's
    clock, standing still, widens no range; then Bea asks never to meet Alex again."""
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=3) as world:
        preview = open_page(world, dms=True)
        async with preview, aiohttp.ClientSession() as http:
            page = await PageClient.open(http, preview)
            assert page.viewer_names() == ["Alex", "Bea", "Carlo", "Dani"]
            await page.slash("play", game="scopa")
            alex_dms = page.shown["channelId"]
            await page.view_as("Bea")
            assert page.shown["channelId"] != alex_dms, "Bea's own DMs"
            assert page.messages() == [], "nothing of Alex's"
            await page.slash("play", game="scopa")
            assert "Opponent found" in _searching(page)

            await page.select(_seat(page), "esc:react:1", [_reaction(_seat(page), 1)])
            await page.view_as("Alex")
            assert "Well played!" in shown_text(_seat(page)), "Bea's reaction reaches Alex"
            assert await _play_out_on_the_page(page, ("Alex", "Bea")) >= 20
            assert "Result" in shown_text(_seat(page))
            ratings = await world.bot.storage.global_ratings("scopa", [m.id for m in world.members])
            alex, bea = (ratings[m.id].shown for m in world.members[:2])
            assert abs(alex - bea) > BASE_GAP, "too far apart for a first wave's range"

            await _both_play(page)
            assert "Opponent found" in _searching(page), "paired again"
            await _play_out_on_the_page(page, ("Bea", "Alex"))
            await page.click(_seat(page), "esc:block:2")
            assert "You will not be paired with" in shown_text(page.messages()[-1])
            await _both_play(page)
            assert "No opponent yet" in _searching(page), "not paired again"


async def _both_play(page: PageClient) -> None:
    """Alex, then Bea, /play Scopa (the page left as Bea)."""
    for name in ("Alex", "Bea"):
        await page.view_as(name)
        await page.slash("play", game="scopa")
