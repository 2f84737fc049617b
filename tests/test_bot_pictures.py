"""Card pictures on the board and in the hand panels, in SimCord."""

from __future__ import annotations

from tests.discord_helpers import (
    TableDriver,
    answer,
    board_part,
    board_picture,
    custom_ids,
    make_world,
)


def picture_names(message) -> list[str]:
    return [attachment.filename for attachment in message.attachments]


async def test_board_and_hands_carry_pictures_that_follow_the_play(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("rubamazzo new")
    await driver.seat_and_start()

    board = driver.board()
    assert picture_names(board) == ["board.png"]
    assert board_picture(board) == board.attachments[0].url
    assert "Rubamazzo · table #1" in board_part(board, "status"), "text for screen readers"
    first = board.attachments[0].id
    for player in players:
        panel = driver.dm_panel(player)
        assert picture_names(panel) == ["hand.png"]
        assert panel.embeds[0].image.url == "attachment://hand.png"

    await driver.play_turn()
    board = driver.board()
    assert picture_names(board) == ["board.png"] and board.attachments[0].id != first

    mine = await players[0].click(board, custom_id=custom_ids(board, "esc:hand:")[0])
    assert picture_names(answer(mine).message) == ["hand.png"]


async def test_settings_can_turn_pictures_off(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    saved = await players[0].slash(channel, "settings", images=False)
    assert "Card pictures: no" in saved.response.embeds[0].description
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new")
    await driver.seat_and_start()
    board = driver.board()
    assert board.attachments == [] and board_picture(board) is None
    assert "**On the table:**" in board_part(board, "table")
    assert driver.dm_panel(players[1]).attachments == []
