"""The global board: ratings from every server's matches, members shown by name only
after they choose it, and a server that keeps its matches off it."""

from __future__ import annotations

import re

from bot.storage import MatchResult
from tests.discord_helpers import TableDriver, answer, current, make_world


async def play_one(env, channel, players) -> None:
    driver = TableDriver(env, channel, players)
    await driver.open("escoba new", target=1)
    await driver.seat_and_start()
    await driver.play_to_end()


async def test_every_servers_matches_count_and_names_show_by_choice(simcord_env):
    _, here, (ana, bob) = make_world(simcord_env, "ana", "bob")
    _, there, (cai, dan) = make_world(simcord_env, "cai", "dan", admin="cai")
    await play_one(simcord_env, here, [ana, bob])
    await play_one(simcord_env, there, [cai, dan])

    board = (await bob.slash(here, "leaderboard", scope="global")).response.embeds[0]
    assert board.title == "Escoba · global leaderboard · Rating"
    lines = board.description.splitlines()
    assert len(lines) == 4 and all("anonymous player" in line for line in lines), lines
    provisional = r"\*\*\d\.\*\* anonymous player · \*\*\d+\?\*\* · "
    assert all(re.match(provisional, line) for line in lines), "new ratings: provisional"

    shown = (await ana.slash(here, "profile", show_me=True)).response
    assert shown.ephemeral and "The global board shows you as **ana**" in shown.content
    board = (await dan.slash(there, "leaderboard", scope="global")).response.embeds[0]
    assert sum("**ana**" in line or " ana " in line for line in board.description.splitlines()) == 1
    assert board.description.count("anonymous player") == 3
    hidden = (await ana.slash(here, "profile", show_me=False)).response
    assert "anonymous player" in hidden.content

    await cai.slash(there, "settings", global_board=False)
    await play_one(simcord_env, there, [cai, dan])
    off = (await dan.slash(there, "leaderboard", scope="global")).response
    assert "keeps its matches off the global board" in off.content
    board = (await bob.slash(here, "leaderboard", scope="global")).response.embeds[0]
    matches = [int(n) for n in re.findall(r"(\d+) match(?:es)?", board.description)]
    assert sorted(matches) == [1, 1, 1, 1], "the server that opted out added nothing"


async def test_a_global_page_button_is_refused_once_the_server_opts_out(simcord_env):
    _, channel, (ana, bob) = make_world(simcord_env, "ana", "bob", admin="ana")
    await a_board_of_two_pages(simcord_env, channel, [ana, bob])
    board = (await bob.slash(channel, "leaderboard", scope="global")).response.message
    assert board.embeds[0].footer.text.startswith("Page 1 of 2 ")

    await ana.slash(channel, "settings", global_board=False)
    for clicker in (bob, ana):
        refused = answer(await clicker.click(current(simcord_env, board), label="Next"))
        assert refused.ephemeral, "the refusal is the clicker's alone"
        assert "keeps its matches off the global board" in refused.content
        assert current(simcord_env, board).embeds[0].footer.text.startswith("Page 1 of 2 ")


async def a_board_of_two_pages(env, channel, players) -> None:
    """A match of ``players`` and eleven strangers' lines: the global board's two pages."""
    storage = env.bot.storage
    strangers = [
        MatchResult(user_id=9000 + i, won=True, points=3, escobas=0, hands=1, on_global_board=True)
        for i in range(11)
    ]
    await play_one(env, channel, players)
    row = await storage.table_row(1)
    await storage.save_table(1, row, revision=row["revision"], changed=(), results=strangers)


async def test_leaderboard_in_dms_is_the_global_board(simcord_env):
    """In the bot's DMs, where quick play is rated, /leaderboard shows the global board,
    its pages too."""
    _, channel, (ana, bob) = make_world(simcord_env, "ana", "bob")
    await a_board_of_two_pages(simcord_env, channel, [ana, bob])
    board = answer(await ana.user.slash("leaderboard")).message
    assert board.embeds[0].title == "Escoba · global leaderboard · Rating"
    assert board.embeds[0].description.count("anonymous player") == 10
    assert board.embeds[0].footer.text.startswith("Page 1 of 2 ")
    await ana.user.click(board, label="Next")
    following = current(simcord_env, board).embeds[0]
    assert following.footer.text.startswith("Page 2 of 2 ")
    assert following.description.count("anonymous player") == 3
