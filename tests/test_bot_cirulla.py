"""Cirulla through SimCord: a declaration made from the hand panel and shown on the
board, whole matches of two and of four (two members partnering two bots), a restart
in the middle."""

from __future__ import annotations

import pytest
import simcord

from bot.client import create_bot
from tests.discord_helpers import (
    BOT_SELECT,
    LeakChecker,
    TableDriver,
    against_bot,
    board_part,
    buttons,
    current,
    custom_ids,
    declared_cards,
    field_value,
    is_score_sheet,
    make_world,
    message_text,
    select_ids,
    select_options,
)

DECLARING_DEAL = 64
"""``deal_seed`` whose first hand gives the mano (the member) 5 of clubs, 7 of hearts
and 5 of diamonds: three fives with the matta named 5, a decino worth 10."""


NAMING_DEAL = 419
"""``deal_seed`` whose first hand gives the mano 4 of clubs, ace of diamonds and 7 of
hearts: a cirulla whether the matta is named an ace, a 2, a 3 or a 4."""


@pytest.fixture
def declaring_settings(bot_settings):
    return bot_settings.model_copy(update={"deal_seed": DECLARING_DEAL})


async def test_the_matta_may_be_named_from_a_menu_and_plays_as_named(bot_settings):
    settings = bot_settings.model_copy(update={"deal_seed": NAMING_DEAL})
    async with simcord.run(create_bot(settings)) as env:
        driver = await against_bot(env, "cirulla new", "expert", target=26)
        panel = driver.dm_panel(driver.players[0])
        offer = field_value(panel.embeds[0], "Declare your hand")
        assert "a cirulla (under 10): 3 points" in offer
        assert "The matta (7 of hearts) then plays as the card you name" in offer
        calls = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:move:")]
        assert [b.label for b in calls] == ["Declare: 3 points, matta as Ace"]
        menu = select_ids(panel, "esc:movesel:")[0]
        names = [option.label for option in select_options(panel, menu)]
        assert names == [f"Declare: 3 points, matta as {rank}" for rank in ("2", "3", "4")]
        four = select_options(panel, menu)[-1].value
        await driver.players[0].user.select(panel, [four], custom_id=menu)
        assert "3 points (the matta as 4)" in board_part(driver.board(), "log")
        panel = driver.dm_panel(driver.players[0])
        labels = [b.label for b in buttons(panel) if (b.custom_id or "").startswith("esc:card:")]
        assert any(label.endswith("7 of hearts (the matta, as 4)") for label in labels), labels
        assert "declared 3 points" in board_part(driver.board(), "status")


async def test_a_member_declares_from_the_panel_and_the_board_shows_it(declaring_settings):
    async with simcord.run(create_bot(declaring_settings)) as env:
        driver = await against_bot(env, "cirulla new", "expert", target=26)
        table = env.bot.service.tables[1]
        assert table.game == "cirulla" and table.state.turn == 0
        panel = driver.dm_panel(driver.players[0])
        offer = field_value(panel.embeds[0], "Declare your hand")
        assert "decino (three of a kind)" in offer
        calls = [b for b in buttons(panel) if (b.custom_id or "").startswith("esc:move:")]
        assert [b.label for b in calls] == ["Declare: 10 points, matta as 5"]
        await driver.players[0].user.click(panel, custom_id=calls[0].custom_id)

        board = driver.board()
        log = board_part(board, "log")
        assert "ana declares a decino (three of a kind)" in log
        assert "10 points (the matta as 5)" in log
        assert len(declared_cards(board)) == 3, "the declared hand is shown on the board"
        panel = driver.dm_panel(driver.players[0])
        assert not custom_ids(panel, "esc:move:") and len(custom_ids(panel, "esc:card:")) == 3
        assert table.state.turn == 0, "declaring is not the turn's play"

        checker = LeakChecker()
        await driver.play_turn()
        checker(driver)
        assert len(declared_cards(driver.board())) == 2, "a played card is no longer shown"
        await driver.play_to_end(after_turn=checker)
        assert env.bot.service.tables[1].state.winners is not None


async def test_a_whole_match_of_two_with_a_restart(simcord_env, bot_settings):
    driver = await against_bot(simcord_env, "cirulla new", "greedy", target=26)
    checker = LeakChecker()
    for _ in range(10):
        await driver.play_turn()
        checker(driver)
    version = driver.board_version()
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert driver.board_version() == version, "the match comes back after a restart"
    assert driver.board_counts() == 40
    await driver.play_to_end(after_turn=checker)
    table = simcord_env.bot.service.tables[1]
    assert table.state.winners is not None and max(table.state.scores) >= 26
    sheets = [message_text(m) for m in driver.public_messages() if is_score_sheet(m)]
    assert sheets and all("Diamonds" in text and "Coins" not in text for text in sheets), (
        "French cards: the coins are diamonds"
    )


async def test_two_members_partner_two_bots_at_four(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("cirulla new", players=4, target=26)
    await players[1].click(current(simcord_env, driver.lobby), label="Join")
    for level in ("expert", "random"):
        await players[0].select(current(simcord_env, driver.lobby), [level], custom_id=BOT_SELECT)
    await players[0].click(current(simcord_env, driver.lobby), label="Start")
    table = simcord_env.bot.service.tables[1]
    assert table.engine.sides == ((0, 2), (1, 3))
    pairs = [(table.seats[a].name, table.seats[b].name) for a, b in table.engine.sides]
    assert all(sum(name in ("ana", "bob") for name in pair) == 1 for pair in pairs)
    await driver.play_to_end(after_turn=LeakChecker())
    assert simcord_env.bot.service.tables[1].state.winners is not None


CHOOSING_DEAL = 26
"""``deal_seed`` whose mano (the member) may declare and holds the 2 of diamonds, which
takes in two ways."""


async def test_picking_a_capture_warns_that_the_declaration_is_given_up(bot_settings):
    settings = bot_settings.model_copy(update={"deal_seed": CHOOSING_DEAL})
    async with simcord.run(create_bot(settings)) as env:
        driver = await against_bot(env, "cirulla new", "expert", target=26)
        member = driver.players[0]
        panel = driver.dm_panel(member)
        assert "Declare your hand" in [field.name for field in panel.embeds[0].fields]
        two = next(b for b in buttons(panel) if (b.custom_id or "").endswith(":1"))
        await member.user.click(panel, custom_id=two.custom_id)
        choosing = driver.dm_panel(member)
        warning = field_value(choosing.embeds[0], "Declare your hand")
        assert "Playing this card gives up declaring your hand" in warning
        assert custom_ids(choosing, "esc:back:"), "the way back to declare first"
