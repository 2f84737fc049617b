"""The global board: ratings from every server's matches, members shown by name only
after they choose it, and a server that keeps its matches off it."""

from __future__ import annotations

import re

from tests.discord_helpers import TableDriver, make_world


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
    assert all(re.match(r"\*\*\d\.\*\* anonymous player · \*\*\d+\*\* · ", line) for line in lines)

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
