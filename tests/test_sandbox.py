"""``python -m bot --sandbox``: its world plays a hand, and its page is served."""

from __future__ import annotations

import aiohttp

from bot.__main__ import parse_args
from bot.sandbox import sandbox
from tests.discord_helpers import TableDriver, is_score_sheet

BOT_SELECT = "esc:bot:1"


async def test_the_sandbox_world_plays_a_whole_hand_against_a_bot(tmp_path):
    async with sandbox(tmp_path / "sandbox.sqlite3", deal_seed=5) as world:
        you, channel = world.you, world.channel
        driver = TableDriver(world.env, channel, [you], dm_closed={you.id})
        opened = await driver.open("escoba new")
        assert "one table at a time" in opened.followups[0].content
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
