"""The replay viewer through SimCord: /replay and the score sheet's Replay open a
finished match privately, its buttons and hand menu step through it, every hand face
up; it keeps working after a restart; a match that is not a finished match of the
server, or a member with none, gets a clear answer."""

from __future__ import annotations

import re

from bot.client import create_bot
from bot.games.replay import replay
from bot.tables import Table
from tests.discord_helpers import (
    TableDriver,
    answer,
    board_picture,
    buttons,
    current,
    make_world,
    select_ids,
    select_options,
    texts,
)

POSITION = re.compile(r"Hand (\d+) · move (\d+) of (\d+)")


def position(viewer) -> tuple[int, int, int]:
    """(hand, step, steps) as the viewer's heading says."""
    found = POSITION.search(texts(viewer)[0])
    assert found, texts(viewer)[0]
    hand, step, steps = found.groups()
    return int(hand), int(step), int(steps)


def step_button(viewer, name: str):
    return next(b for b in buttons(viewer) if b.custom_id.endswith(f":{name}"))


async def finished_match(env, *names: str, target: int = 1):
    _, channel, players = make_world(env, *names)
    driver = TableDriver(env, channel, players[:2])
    await driver.open("escoba new", target=target)
    await driver.seat_and_start()
    await driver.play_to_end()
    return channel, players


async def test_replay_steps_through_the_last_match_with_every_hand_face_up(simcord_env):
    channel, (ana, _, _) = await finished_match(simcord_env, "ana", "bob", "cai", target=9)
    result = await ana.slash(channel, "replay")
    viewer = answer(result).message
    assert answer(result).ephemeral
    heading = texts(viewer)[0]
    assert heading.startswith("### ⏯ Replay · Escoba · table #1")
    hand, step, steps = position(viewer)
    assert (hand, step) == (1, 0) and steps > 10
    assert board_picture(viewer) is not None
    assert "Hand 1 dealt" in texts(viewer)[1]
    hands = texts(viewer)[2]
    assert "**ana**" in hands and "**bob**" in hands and "Score:" in hands
    assert step_button(viewer, "first").disabled and step_button(viewer, "back").disabled

    await ana.click(viewer, custom_id=step_button(viewer, "next").custom_id)
    viewer = current(simcord_env, viewer)
    assert position(viewer)[1] == 1
    assert re.search(r"(ana|bob) (plays|takes)", texts(viewer)[1]), texts(viewer)[1]

    await ana.click(viewer, custom_id=step_button(viewer, "last").custom_id)
    viewer = current(simcord_env, viewer)
    assert position(viewer)[1:] == (steps, steps)
    assert step_button(viewer, "next").disabled and not step_button(viewer, "back").disabled
    saved = Table.from_row(await simcord_env.bot.storage.table_row(1))
    totals = " – ".join(
        f"{seat.name} {score}" for seat, score in zip(saved.seats, saved.match.scores, strict=True)
    )
    assert f"**Score:** {totals}" in texts(viewer)[2], "the last step is the final score"

    assert position(viewer)[0] > 1, "the match took more than one hand"
    menu = select_ids(viewer, "esc:replayhand:")
    options = select_options(viewer, menu[0])
    assert [o.label for o in options][:2] == ["Hand 1", "Hand 2"]
    await ana.select(viewer, [options[1].value], custom_id=menu[0])
    viewer = current(simcord_env, viewer)
    assert position(viewer)[0] == 2 and "Hand 2 dealt" in texts(viewer)[1]


async def test_the_viewer_works_after_a_restart_and_the_sheet_opens_it(simcord_env, bot_settings):
    channel, (ana, _, cai) = await finished_match(simcord_env, "ana", "bob", "cai")
    viewer = answer(await ana.slash(channel, "replay")).message
    await ana.click(viewer, custom_id=step_button(viewer, "last").custom_id)
    steps = position(current(simcord_env, viewer))[2]
    await simcord_env.restart_bot(create_bot(bot_settings))
    viewer = current(simcord_env, viewer)
    await ana.click(viewer, custom_id=step_button(viewer, "back").custom_id)
    assert position(current(simcord_env, viewer))[1] == steps - 1

    listed = await cai.slash(channel, "history")
    sheet = answer(await cai.select(listed.response.message, ["1"])).message
    opened = await cai.click(sheet, label="Replay")
    assert answer(opened).ephemeral
    assert position(answer(opened).message)[1] == 0, "any member may replay the server's matches"


async def test_the_replayed_match_ends_where_the_saved_one_did(simcord_env):
    await finished_match(simcord_env, "ana", "bob")
    storage = simcord_env.bot.storage
    table = Table.from_row(await storage.table_row(1))
    log = [move["move"] for move in await storage.move_log(1)]
    assert replay(table.engine, table.match.seed, log)[-1].state == table.match


async def test_bad_requests_get_a_clear_answer(simcord_env):
    channel, (ana, _, cai) = await finished_match(simcord_env, "ana", "bob", "cai")
    none = answer(await cai.slash(channel, "replay"))
    assert none.ephemeral and "You have not finished a match on this server" in none.content
    missing = answer(await ana.slash(channel, "replay", match=99))
    assert "not a finished match you can look at here" in missing.content
    playing = TableDriver(simcord_env, channel, [ana, cai])
    await playing.open("scopa new")
    await playing.seat_and_start()
    live = answer(await ana.slash(channel, "replay", match=2))
    assert "not a finished match you can look at here" in live.content, "no peeking at a live match"


async def test_review_weighs_each_members_moves_and_marks_them_in_the_viewer(simcord_env):
    channel, (ana, _, cai) = await finished_match(simcord_env, "ana", "bob", "cai")
    result = await ana.slash(channel, "review")
    assert answer(result).ephemeral
    review = answer(result).message
    text = "\n".join(texts(review))
    assert texts(review)[0] == "### 🔍 Review · Escoba · table #1"
    for name in ("ana", "bob"):
        assert re.search(rf"\*\*{name}\*\* · accuracy \*\*\d+%\*\*", text), text
    assert re.search(r"best \d+ · good \d+ · inaccuracy \d+ · mistake \d+ · blunder \d+", text)
    assert "Points lost against the hard bot's best move" in text
    stored = await simcord_env.bot.storage.review(1)
    steps = {d["step"] for d in stored["decisions"]}
    assert stored["seats"] == [0, 1] and steps, "every member's decision is stored"

    moments = [b for b in buttons(review) if b.label.startswith("Move ")]
    assert moments, "the driver plays its first card: some moves cost points"
    step = int(moments[0].label.split()[1])
    shown = answer(await ana.click(review, custom_id=moments[0].custom_id)).message
    assert position(shown)[1] == step
    assert "🔍 **" in texts(shown)[1], "the viewer marks the move's verdict"

    again = answer(await cai.slash(channel, "review", match=1)).message
    assert texts(again) == texts(review), "a second look reads the stored review"
    viewer = answer(await ana.slash(channel, "replay")).message
    await ana.click(viewer, custom_id=step_button(viewer, "next").custom_id)
    assert "🔍" in texts(current(simcord_env, viewer))[1]
    missing = answer(await ana.slash(channel, "review", match=42))
    assert "not a finished match you can look at here" in missing.content


async def test_a_rubamazzo_match_replays_with_its_pile_tops(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("rubamazzo new")
    await driver.seat_and_start()
    await driver.play_to_end()
    viewer = answer(await players[1].slash(channel, "replay")).message
    assert texts(viewer)[0].startswith("### ⏯ Replay · Rubamazzo · table #1")
    await players[1].click(viewer, custom_id=step_button(viewer, "last").custom_id)
    viewer = current(simcord_env, viewer)
    _, step, steps = position(viewer)
    assert step == steps and board_picture(viewer) is not None


async def test_moves_the_bot_made_for_a_member_out_of_time_are_not_reviewed_as_theirs(
    simcord_env,
):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    driver = TableDriver(simcord_env, channel, players)
    await driver.open("escoba new", target=1, timer=30)
    await driver.seat_and_start()
    absent, step = driver.actor(), driver.board_version()  # the move of version v is step v
    await simcord_env.advance_time(31)
    assert driver.board_version() == step + 1, "the bot played for the absent member"
    await driver.play_to_end()

    storage = simcord_env.bot.storage
    log = await storage.move_log(1)
    assert [move["stand_in"] for move in log].count(True) == 1 and log[step - 1]["stand_in"]
    seat = Table.from_row(await storage.table_row(1)).seat_of(absent.id)
    own = [number for number, move in enumerate(log, 1) if move["seat"] == seat][1:]
    review = answer(await absent.slash(channel, "review")).message
    stored = await storage.review(1)
    reviewed = [d["step"] for d in stored["decisions"] if d["seat"] == seat]
    assert reviewed == own, "only the member's own moves are theirs to answer for"
    text = "\n".join(texts(review))
    assert f"The bot played 1 of {absent.name}'s moves: time ran out." in text

    viewer = answer(await absent.slash(channel, "replay")).message
    for _ in range(step):
        await absent.click(viewer, custom_id=step_button(viewer, "next").custom_id)
        viewer = current(simcord_env, viewer)
    assert position(viewer)[1] == step
    assert "🤖 Played by the bot: time ran out." in texts(viewer)[1]
