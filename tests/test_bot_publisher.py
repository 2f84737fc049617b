"""The publisher in SimCord: panels never out of date, one ping a turn with "My hand",
merged bursts, the board's edit limit, and a restart between saving and showing."""

from __future__ import annotations

import discord
import pytest
import simcord
from simcord.backend.errors import BackendError

from bot.client import create_bot
from bot.games import is_claim, move_card
from tests.discord_helpers import (
    CARD_CODE,
    TableDriver,
    against_bot,
    answer,
    board_part,
    buttons,
    current,
    custom_ids,
    enabled,
    field_value,
    make_world,
    shown_cards,
)
from tests.test_bot_tables import started

DM_CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


def panel_versions(panel) -> set[int]:
    return {int(custom_id.split(":")[3]) for custom_id in custom_ids(panel, "esc:card:")}


def pings(driver: TableDriver) -> list:
    return [m for m in driver.thread.history() if custom_ids(m, "esc:hand:") and m.content]


def one_move_card(env, panel) -> str:
    """A card button of the panel whose card has a single legal move (no choice to make)."""
    state = env.bot.service.tables[1].state
    cards = [move_card(move) for move in state.legal_moves()]
    return next(c for c in enabled(panel, "esc:card:") if cards.count(int(c.split(":")[4])) == 1)


def board_edits(env, board_id: int) -> int:
    return sum(
        1 for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/{board_id}")
    )


async def test_every_panel_shows_the_current_table_through_a_match_against_the_hard_bot(
    simcord_env,
):
    driver = await against_bot(simcord_env, "escoba new", "expert", target=3)
    (ana,) = driver.players
    checked = 0

    def panel_is_current(d: TableDriver) -> None:
        nonlocal checked
        if d.is_over():
            return
        assert panel_versions(d.dm_panel(ana)) == {d.board_version()}, "the DM panel is current"
        assert enabled(d.dm_panel(ana), "esc:card:"), "ana's turn: her cards are live"
        checked += 1

    await driver.play_to_end(after_turn=panel_is_current)
    assert checked > 10
    dms = list(ana.user.dm_channel.history())
    assert len(dms) == 1, "one DM panel for the whole match, edited in place"


async def test_an_ephemeral_panel_follows_the_play_and_stays_clickable(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    ana, bob = players
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", **DM_CLOSED, times=None
    )
    driver = TableDriver(simcord_env, channel, players, dm_closed={bob.id})
    await driver.open("escoba new")
    await driver.seat_and_start()
    opened = await bob.click(driver.board(), label="My hand")
    panel = answer(opened).message
    for _ in range(6):
        if driver.actor() is ana:
            await driver.play_turn()
            continue
        shown = current(simcord_env, panel)
        assert panel_versions(shown) == {driver.board_version()}, "edited through bob's click"
        await bob.click(shown, custom_id=enabled(shown, "esc:card:")[0])
        choices = custom_ids(current(simcord_env, shown), "esc:move:")
        if choices:
            await bob.click(current(simcord_env, shown), custom_id=choices[0])
    shown = current(simcord_env, panel)
    assert panel_versions(shown) == {driver.board_version()}


def dm_pings(player) -> list:
    return [m for m in player.user.dm_channel.history() if "Your turn at table" in m.content]


def ping_posts(env, channel_id: int, since: int) -> list:
    """Pings posted through the REST API (rate-limited) in a channel since a point."""
    return [
        r
        for r in env.http_requests[since:]
        if r.method == "POST"
        and r.path == f"/channels/{channel_id}/messages"
        and "your turn" in str(r.json or "")
    ]


async def test_a_member_playing_from_dms_is_pinged_there_through_their_own_click(simcord_env):
    """With no live click at the table in its thread, the ping of a member who plays
    from their DMs goes there, as a follow-up of their own last click."""
    driver = await started(simcord_env, "ana", "bob")
    await simcord_env.advance_time(15 * 60)
    since = len(simcord_env.http_requests)
    for _ in range(4):
        actor = driver.actor()
        panel = driver.dm_panel(actor)
        await actor.user.click(panel, custom_id=one_move_card(simcord_env, panel))
    actor = driver.actor()
    other = next(player for player in driver.players if player is not actor)
    assert len(dm_pings(actor)) == 1 and dm_pings(other) == [], "one ping, the old one gone"
    assert not pings(driver), "nothing in the thread"
    assert ping_posts(simcord_env, actor.user.dm_channel.id, since) == [], "sent as a follow-up"
    deletes = [r for r in simcord_env.http_requests[since:] if r.method == "DELETE"]
    assert any(r.path.startswith("/webhooks/") for r in deletes), "deleted through its click"
    assert driver.dm_panel(actor) is not dm_pings(actor)[0], "the panel is still the panel"


async def test_a_turn_is_pinged_once_with_my_hand_through_the_last_click(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob", admin="ana")
    driver = TableDriver(simcord_env, channel, players, dm_closed={p.id for p in players})
    await players[0].slash(channel, "settings", dm_hands=False)
    await driver.open("escoba new")
    await driver.seat_and_start()
    await driver.play_turn()
    since = len(simcord_env.http_requests)
    for _ in range(4):
        await driver.play_turn()
    current_pings = pings(driver)
    assert len(current_pings) == 1, "only the turn in play has a ping"
    ping = current_pings[0]
    actor = driver.actor()
    assert ping.content.startswith(actor.mention)
    assert [b.label for b in buttons(ping)] == ["My hand"]
    assert ping_posts(simcord_env, driver.thread.id, since) == [], "a follow-up, not a post"
    opened = await actor.click(ping, label="My hand")
    assert enabled(answer(opened).message, "esc:card:"), "the hand, ready to play"


async def test_without_a_live_click_the_ping_answers_the_board(simcord_env):
    """When no interaction can carry it (every token older than 15 minutes), the ping
    is a reply to the board, posted through the REST API."""
    driver = await started(simcord_env, "ana", "bob")
    await driver.play_turn()
    await simcord_env.advance_time(15 * 60)
    actor = driver.actor()
    panel = driver.dm_panel(actor)
    await actor.user.click(panel, custom_id=one_move_card(simcord_env, panel))
    (ping,) = pings(driver)
    assert ping.content.startswith(driver.actor().mention)
    assert ping.reference is not None, "it answers the board"
    assert not dm_pings(driver.actor())


async def test_no_ping_for_a_member_who_has_just_acted(bot_settings):
    settings = bot_settings.model_copy(update={"ping_quiet": 8.0})
    async with simcord.run(create_bot(settings)) as env:
        driver = await against_bot(env, "scopa new", "greedy")
        (ana,) = driver.players
        await driver.play_turn()
        assert driver.actor() is ana and pings(driver) == [], "ana just played: no ping"
        await env.advance_time(9)
        await driver.play_turn()
        assert pings(driver) == [], "still at the table"


async def test_a_move_and_the_bots_answer_are_shown_by_one_board_edit(bot_settings):
    settings = bot_settings.model_copy(update={"bot_pause": 0.3, "publish_pause": 0.6})
    async with simcord.run(create_bot(settings)) as env:
        driver = await against_bot(env, "escoba new", "greedy")
        (ana,) = driver.players
        if driver.actor() is not ana:
            await env.advance_time(1)
        board = driver.board()
        version, before = driver.board_version(), board_edits(env, board.id)
        panel = driver.dm_panel(ana)
        await ana.user.click(panel, custom_id=one_move_card(env, panel))
        await env.advance_time(1)
        assert driver.board().id == board.id, "the same hand"
        assert driver.board_version() == version + 2, "ana's move and the bot's answer"
        assert board_edits(env, board.id) == before + 1, "shown together"
        log = board_part(driver.board(), "log").splitlines()
        assert "ana" in log[-2] and "Normal bot" in log[-1], log


async def test_the_board_takes_at_most_five_edits_in_the_edit_window(bot_settings):
    settings = bot_settings.model_copy(update={"edit_window": 1.0})
    async with simcord.run(create_bot(settings)) as env:
        driver = await started(env, "ana", "bob")
        board = driver.board()
        edited = []
        while len(edited) < 7 and driver.board().id == board.id:
            await driver.play_turn()
            edited.append(current(env, board).edited_at)
        assert len(edited) == 7, "seven moves in one hand"
        assert (edited[5] - edited[0]).total_seconds() >= 1.0, "the sixth edit waited"


async def test_a_restart_between_saving_and_showing_a_move_converges(
    simcord_env, bot_settings, monkeypatch
):
    driver = await started(simcord_env, "ana", "bob")
    await driver.play_turn()
    version = driver.board_version()
    monkeypatch.setattr(simcord_env.bot.publisher, "poke", lambda *args, **kwargs: None)
    actor = driver.actor()
    panel, clicker = await driver.panel(actor)
    await clicker.click(panel, custom_id=one_move_card(simcord_env, panel))
    assert simcord_env.bot.service.tables[1].version == version + 1, "saved"
    assert driver.board_version() == version, "the bot stopped before showing it"

    await simcord_env.restart_bot(create_bot(bot_settings))
    assert driver.board_version() == version + 1, "the restarted bot shows the saved move"
    assert driver.board_counts() == 40
    for player in driver.players:
        assert panel_versions(driver.dm_panel(player)) == {version + 1}
    assert len(pings(driver)) <= 1
    await driver.play_turn()
    assert driver.board_version() >= version + 2


async def test_a_board_buried_by_chat_comes_back_to_the_bottom(simcord_env):
    guild = simcord_env.create_guild()
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("cartas", overwrites={guild.me: no_threads})
    ana, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("ana", "bob"))
    driver = TableDriver(simcord_env, channel, [ana, bob])
    await driver.open("escoba new")
    await driver.seat_and_start()
    buried = driver.board()
    for line in range(5):
        await bob.send(channel, f"chat {line}")
    await driver.play_turn()
    board = driver.board()
    recent = [m.id for m in list(channel.history())[-2:]]
    assert board.id != buried.id and board.id in recent, "posted again at the bottom"
    assert buried.id not in [m.id for m in channel.history()], "the buried one is gone"

    await bob.send(channel, "one more line")
    asked = await ana.slash(channel, "table")
    assert answer(asked).content == "The board is at the bottom again."
    assert list(channel.history())[-1].id == driver.board().id != board.id


async def test_a_newer_panel_retires_the_older_one(simcord_env):
    _, channel, players = make_world(simcord_env, "ana", "bob")
    bob = players[1]
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", **DM_CLOSED, times=None
    )
    driver = TableDriver(simcord_env, channel, players, dm_closed={bob.id})
    await driver.open("escoba new")
    await driver.seat_and_start()
    first = answer(await bob.click(driver.board(), label="My hand")).message
    second = answer(await bob.click(driver.board(), label="My hand")).message
    with pytest.raises(BackendError):  # deleted: no old panel left saying it is your turn
        simcord_env.backend.get_message(first.channel.id, first.id)
    assert custom_ids(current(simcord_env, second), "esc:card:"), "the new one is the panel"


async def test_a_card_that_takes_in_several_ways_offers_them_in_its_panel(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    for _ in range(60):
        table = simcord_env.bot.service.tables[1]
        cards = [move_card(m) for m in table.state.legal_moves() if not is_claim(m)]
        several = sorted(c for c in set(cards) if cards.count(c) > 1)
        if several:
            break
        await driver.play_turn()
    assert several, "the seeded deals offer a card with several captures"
    actor, version, card = driver.actor(), table.version, several[0]
    panel = driver.dm_panel(actor)
    board = driver.board()
    await actor.user.click(panel, custom_id=f"esc:card:1:{version}:{card}")
    shown = current(simcord_env, panel)
    turn = next(field.value for field in shown.embeds[0].fields if field.name == "Turn")
    assert "can take more than one way" in turn, turn
    choices = custom_ids(shown, "esc:move:")
    assert len(choices) == cards.count(card) and not custom_ids(shown, "esc:card:")
    assert [b.label for b in buttons(shown)][-1] == "Back to my hand"
    options = field_value(shown.embeds[0], "What it can take").splitlines()
    assert [line[:8] for line in options] == [f"**{chr(65 + i)}** · " for i in range(len(choices))]
    assert all(shown_cards(line) for line in options), "each capture's cards as emojis"
    assert not any(CARD_CODE.search(b.label or "") for b in buttons(shown)), "labels in words"
    assert simcord_env.bot.service.tables[1].version == version, "nothing played yet"
    parts = ("turn", "table", "log", "status")
    after = current(simcord_env, board)
    assert [board_part(after, p) for p in parts] == [board_part(board, p) for p in parts]
    back = await actor.user.click(shown, label="Back to my hand")
    assert back.acknowledged
    assert enabled(current(simcord_env, panel), "esc:card:"), "the hand again"
    await actor.user.click(current(simcord_env, panel), custom_id=f"esc:card:1:{version}:{card}")
    await actor.user.click(current(simcord_env, panel), custom_id=choices[-1])
    assert simcord_env.bot.service.tables[1].version == version + 1, "played as picked"


async def test_a_member_who_closes_their_dms_holds_up_nobody_else(simcord_env, caplog):
    driver = await started(simcord_env, "ana", "bob")
    ana, bob = driver.players
    await driver.play_turn()
    await simcord_env.advance_time(15 * 60)  # no live click: panels are edited through REST
    panel = driver.dm_panel(bob)
    simcord_env.inject_error(
        "PATCH", f"/channels/{panel.channel.id}/messages/{panel.id}", **DM_CLOSED, times=None
    )
    driver.dm_closed.add(bob.id)  # bob plays from "My hand" from now on
    for _ in range(6):
        await driver.play_turn()
        if not driver.is_over():
            assert panel_versions(driver.dm_panel(ana)) == {driver.board_version()}, (
                "ana's panel stays current"
            )
    notices = [m for m in driver.thread.history() if "can't send you direct messages" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    assert "Discord refused a call" not in caplog.text, "the publish went on for everyone"
    assert "publishing failed" not in caplog.text


async def test_a_call_discord_refuses_for_good_is_not_retried(simcord_env, caplog):
    driver = await started(simcord_env, "ana", "bob")
    board = driver.board()
    bad = {"status": 400, "code": 50035, "message": "Invalid Form Body"}
    simcord_env.inject_error(
        "PATCH", f"/channels/{board.channel.id}/messages/{board.id}", **bad, times=None
    )
    await driver.play_turn()
    tried = board_edits(simcord_env, board.id)
    await simcord_env.advance_time(120)
    assert board_edits(simcord_env, board.id) == tried, "no retry of a 400"
    refused = [r for r in caplog.records if "refused a call for good" in r.getMessage()]
    assert (
        len(refused) == 1 and refused[0].levelname == "ERROR" and "50035" in refused[0].getMessage()
    )


async def test_a_discord_500_is_retried_until_it_succeeds(simcord_env):
    driver = await started(simcord_env, "ana", "bob")
    board = driver.board()
    simcord_env.inject_error(
        "PATCH", f"/channels/{board.channel.id}/messages/{board.id}", status=500, times=2
    )
    await driver.play_turn()
    await simcord_env.advance_time(10)
    assert driver.board_version() == simcord_env.bot.service.tables[1].version, "shown in the end"


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        (
            "PRAGMA query_only = 1",
            "The bot's storage is full or read-only, so nothing was changed.",
        ),
        ("BEGIN EXCLUSIVE", "The bot's storage is busy right now, so nothing was changed."),
    ],
)
async def test_a_database_fault_is_said_in_words_with_one_warning(
    simcord_env, caplog, tmp_path, fault, said
):
    driver = await started(simcord_env, "ana", "bob")
    version = driver.board_version()
    storage = simcord_env.bot.storage
    blocker = None
    if fault.startswith("PRAGMA"):
        await storage.db.connection.execute(fault)
    else:  # another process holds the database's write lock
        import aiosqlite

        from bot.storage.databases import database_path

        path = database_path(simcord_env.bot.settings.database)
        blocker = await aiosqlite.connect(path, timeout=0)
        await blocker.execute(fault)
        await storage.db.connection.execute("PRAGMA busy_timeout = 0")
    try:
        actor = driver.actor()
        panel = driver.dm_panel(actor)
        clicked = await actor.user.click(panel, custom_id=one_move_card(simcord_env, panel))
    finally:
        if blocker is not None:
            await blocker.rollback()
            await blocker.close()
        else:
            await storage.db.connection.execute("PRAGMA query_only = 0")
    assert answer(clicked).content.startswith(said)
    assert simcord_env.bot.service.tables[1].version == version, "nothing was changed"
    warnings = [r for r in caplog.records if "the database is" in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].levelname == "WARNING"
    assert warnings[0].exc_info is None, "no traceback for an expected fault"
    assert "esc:card:1:" in warnings[0].getMessage(), "the log line names the button and table"


async def several_ways_card(env, driver: TableDriver) -> int:
    """Play on until the member to act holds a card that can take in several ways."""
    for _ in range(60):
        table = env.bot.service.tables[1]
        cards = [move_card(m) for m in table.state.legal_moves() if not is_claim(m)]
        several = sorted(c for c in set(cards) if cards.count(c) > 1)
        if several:
            return several[0]
        await driver.play_turn()
    raise AssertionError("the seeded deals offer no card with several captures")


async def test_a_capture_choice_across_a_restart_returns_the_card_to_the_hand(
    simcord_env, bot_settings
):
    """A restart while a member looks at a card's captures: nothing was saved, and the
    restarted bot shows their hand again, the card in it, ready to play."""
    driver = await started(simcord_env, "ana", "bob")
    card = await several_ways_card(simcord_env, driver)
    actor, version = driver.actor(), driver.board_version()
    panel = driver.dm_panel(actor)
    await actor.user.click(panel, custom_id=f"esc:card:1:{version}:{card}")
    assert custom_ids(current(simcord_env, panel), "esc:move:"), "the panel offers the captures"
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert simcord_env.bot.service.tables[1].version == version, "nothing was saved"
    again = current(simcord_env, driver.dm_panel(actor))
    assert f"esc:card:1:{version}:{card}" in enabled(again, "esc:card:"), "back in the hand"
    await actor.user.click(again, custom_id=f"esc:card:1:{version}:{card}")
    choice = current(simcord_env, again)
    await actor.user.click(choice, custom_id=custom_ids(choice, "esc:move:")[0])
    assert simcord_env.bot.service.tables[1].version == version + 1, "and it plays as before"
