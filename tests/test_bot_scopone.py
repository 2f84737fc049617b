"""Scopone through SimCord: four seats in two pairs (partners opposite), ten-card hands,
members with bots, a restart in the middle of a match."""

from __future__ import annotations

from bot.client import create_bot
from tests.discord_helpers import (
    BOT_SELECT,
    LeakChecker,
    TableDriver,
    board_part,
    buttons,
    current,
    field_value,
    make_world,
    shown_cards,
)

LEVELS = ("expert", "greedy", "random")


async def open_scopone(env, names: tuple[str, ...], bots: tuple[str, ...]) -> TableDriver:
    _, channel, players = make_world(env, *names)
    driver = TableDriver(env, channel, players)
    await driver.open("scopone new", target=11)
    for player in players[1:]:
        await player.click(current(env, driver.lobby), label="Join")
    for level in bots:
        await players[0].select(current(env, driver.lobby), [level], custom_id=BOT_SELECT)
    await players[0].click(current(env, driver.lobby), label="Start")
    return driver


def partners(env) -> list[tuple[str, str]]:
    table = env.bot.service.tables[1]
    return [(table.seats[a].name, table.seats[b].name) for a, b in table.engine.sides]


async def test_a_member_and_three_bots_play_a_whole_scopone_match(simcord_env, bot_settings):
    driver = await open_scopone(simcord_env, ("ana",), LEVELS)
    table = simcord_env.bot.service.tables[1]
    assert table.game == "scopone" and len(table.seats) == 4
    assert table.state.pos == 40 and len(table.state.hands[0]) == 10, "the whole deck dealt"
    assert table.state.hand_no == 0 and table.engine.sides == ((0, 2), (1, 3))
    panel = driver.dm_panel(driver.players[0])
    cards = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:card:")]
    rows = [[b.custom_id for b in row.children] for row in panel.components]
    assert len(cards) == 10 and rows[:2] == [
        [b.custom_id for b in cards[i : i + 5]] for i in (0, 5)
    ]
    assert len(shown_cards(field_value(panel.embeds[0], "Your hand"))) == 10
    status = board_part(driver.board(), "status")
    assert "scope 0" in status and "Stock" not in status, "the whole deck is dealt: no stock"

    checker = LeakChecker()
    for _ in range(6):
        await driver.play_turn()
        checker(driver)
    version = driver.board_version()
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert driver.board_version() == version, "the match comes back after a restart"
    assert driver.board_counts() == 40
    await driver.play_to_end(after_turn=checker)
    winners = simcord_env.bot.service.tables[1].state.winners
    assert winners is not None and len(winners) == 1
    assert checker.checks > 10


async def test_two_members_partner_two_bots(simcord_env):
    driver = await open_scopone(simcord_env, ("ana", "bob"), ("expert", "greedy"))
    pairs = partners(simcord_env)
    assert all(sum(name in ("ana", "bob") for name in pair) == 1 for pair in pairs), (
        "each member partners a bot"
    )
    await driver.play_to_end(after_turn=LeakChecker())
    assert simcord_env.bot.service.tables[1].state.winners is not None
