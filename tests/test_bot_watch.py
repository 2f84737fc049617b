"""Watching a match (issue 48), driven as members do: ``/watch``, Watch buttons, a
watcher's Refresh. Watchers see the public board only, answered privately, and never
a card of a hand in play."""

from __future__ import annotations

import itertools
import logging
import re

import pytest

import bot.screens.watch as watch_screen
from bot.client import create_bot
from tests.discord_helpers import (
    BOT_SELECT,
    CARD_CODE,
    TableDriver,
    answer,
    board_part,
    current,
    custom_ids,
    make_world,
    message_text,
    shown_cards,
)
from tests.private_channels import PrivateChannels
from tests.test_bot_anywhere import friends, start_match
from tests.test_bot_fair_play import paired_pair
from tests.test_bot_quick import play_out
from tests.test_bot_tournament import open_tournament, play_round, signup, standings_messages

WATCH_IDS = re.compile(r"esc:(watch:1:refresh|replay:1:0:open|review:1)")
"""Every custom id a watch view of table #1 may carry: none names a card."""


def hidden_cards(env, table_id: int = 1) -> set[int]:
    """The cards in the hands in play, but those declared (Cirulla: shown to all)."""
    state = env.bot.service.tables[table_id].match
    public = state.public_observation()
    shown = {card for cards in public.revealed for card in cards}
    return {card for hand in state.hands for card in hand} - shown


class PictureSpy:
    """Records what each watch picture is drawn from (``board_png``'s arguments)."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[set[int]] = []
        real = watch_screen.board_png

        def spy(table_cards, deck, *, last_played=None, pile_tops=(), **rest):
            drawn = set(table_cards) | {top for _, top in pile_tops if top is not None}
            self.calls.append(drawn | ({last_played} if last_played is not None else set()))
            return real(table_cards, deck, last_played=last_played, pile_tops=pile_tops, **rest)

        monkeypatch.setattr(watch_screen, "board_png", spy)


def assert_nothing_hidden(view, hidden: set[int], spy: PictureSpy) -> None:
    """No card of ``hidden`` in the view's text, ids, embeds or latest picture."""
    text = message_text(view)
    leaked = set(shown_cards(text)) & hidden
    assert not leaked, f"hidden {leaked} shown to a watcher: {text!r}"
    assert not CARD_CODE.search(text), f"a card code shown to a watcher: {text!r}"
    assert not view.embeds, "a watch view has no embed"
    for custom_id in custom_ids(view, "esc:"):
        assert WATCH_IDS.fullmatch(custom_id), custom_id
    if spy.calls:
        assert not spy.calls[-1] & hidden, "a hidden card in the picture's source"


def public_counts(driver: TableDriver, players) -> tuple[int, ...]:
    """Messages in the table's channel and thread, and in each player's DMs."""
    dms = [len(p.user.dm_channel.history()) if p.user.dm_channel else 0 for p in players]
    return (len(driver.public_messages()), *dms)


GAMES = [
    pytest.param("escoba new", {"target": 1}, 2, (), id="escoba"),
    pytest.param("scopa new", {"target": 11}, 2, (), id="scopa"),
    pytest.param("scopone new", {"target": 11}, 2, ("greedy", "random"), id="scopone"),
    pytest.param("cirulla new", {"target": 26}, 2, (), id="cirulla"),
    pytest.param("rubamazzo new", {}, 2, (), id="rubamazzo"),
]


@pytest.mark.parametrize(("command", "options", "members", "bots"), GAMES)
async def test_no_watcher_ever_sees_a_card_of_a_hand_in_play(
    simcord_env, monkeypatch, caplog, command, options, members, bots
):
    caplog.set_level(logging.DEBUG)
    spy = PictureSpy(monkeypatch)
    _, channel, people = make_world(simcord_env, "ana", "bob", "wes")
    players, watcher = people[:members], people[-1]
    driver = TableDriver(simcord_env, channel, players)
    await driver.open(command, **options)
    for player in players[1:]:
        await player.click(driver.lobby, label="Join")
    for level in bots:
        await players[0].select(driver.lobby, [level], custom_id=BOT_SELECT)
    await players[0].click(driver.lobby, label="Start")

    listing = answer(await watcher.slash(channel, "watch")).message
    view = answer(await watcher.click(listing, custom_id="esc:watch:1:open")).message
    assert "👁 1 watching" in message_text(view)
    turns = 0
    assert_nothing_hidden(view, hidden_cards(simcord_env), spy)
    while not driver.is_over():
        before = public_counts(driver, players)
        view = answer(await watcher.click(view, custom_id="esc:watch:1:refresh")).message
        assert public_counts(driver, players) == before, "a watcher's refresh posts nothing"
        assert_nothing_hidden(view, hidden_cards(simcord_env), spy)
        await driver.play_turn()
        turns += 1
        assert turns < 2000

    ended = answer(await watcher.click(view, custom_id="esc:watch:1:refresh")).message
    assert custom_ids(ended, "esc:") == ["esc:replay:1:0:open", "esc:review:1"]
    assert "won" in board_part(ended, "turn") or "over" in board_part(ended, "turn")
    assert spy.calls, "the watch view was drawn with its picture"
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("bot"))
    assert not CARD_CODE.search(logged), "no card in any of the bot's log lines"
    mentions = [m for m in driver.public_messages() if str(watcher.id) in m.content]
    assert not mentions, "nothing public names the watcher"


PRIVATE = "This match is private: its players or its server keep it from watchers."
NOTHING = "No match can be watched here right now."
UNKNOWN = "That table does not exist any more."


async def forge(env, member, message, custom_id: str):
    """``member`` clicks ``custom_id`` carried to the bot's ``message`` (what a tampered
    client sends: an id never offered to them)."""
    button = {"type": 2, "style": 2, "label": "👁", "custom_id": custom_id}
    planted = {"components": [{"type": 1, "components": [button]}]}
    env.backend.edit_message(message.channel.id, message.id, planted)
    return answer(await member.click(current(env, message), custom_id=custom_id)).message


async def watch_list(member, channel):
    return answer(await member.slash(channel, "watch")).message


async def started(env, command: str = "scopa new", **options):
    """Ana and Bob's table #1, started; Wes and the channel, in the same server."""
    guild, channel, (ana, bob, wes) = make_world(env, "ana", "bob", "wes", admin="ana")
    driver = TableDriver(env, channel, [ana, bob])
    await driver.open(command, **options)
    return guild, channel, driver, wes


async def test_a_private_table_is_in_no_list_and_refuses_a_forged_watch(simcord_env):
    _, channel, driver, wes = await started(simcord_env)
    ana = driver.players[0]
    await ana.click(driver.lobby, label="Private: off")
    lobby = current(simcord_env, driver.lobby)
    assert "Private: nobody can watch this match" in message_text(lobby)
    assert "Private: on" in message_text(lobby)
    await driver.seat_and_start()
    listing = await watch_list(wes, channel)
    assert NOTHING in message_text(listing) and not custom_ids(listing, "esc:watch:")
    refused = await forge(simcord_env, wes, driver.lobby, "esc:watch:1:open")
    assert refused.content == PRIVATE
    followed = answer(await wes.slash(channel, "watch", member=ana.user)).message
    assert followed.content == PRIVATE


async def test_a_server_that_switched_watching_off_shows_none_of_its_matches(simcord_env):
    _, channel, driver, wes = await started(simcord_env)
    ana = driver.players[0]
    settings = answer(await ana.slash(channel, "settings", watching=False)).message
    assert "Members watch matches: no" in settings.embeds[0].description
    await driver.seat_and_start()
    listing = await watch_list(wes, channel)
    assert NOTHING in message_text(listing)
    assert (await forge(simcord_env, wes, driver.lobby, "esc:watch:1:open")).content == PRIVATE


async def test_a_watcher_from_another_server_is_refused(simcord_env):
    _, _, driver, _ = await started(simcord_env)
    await driver.seat_and_start()
    _, elsewhere, (zoe,) = make_world(simcord_env, "zoe")
    listing = await watch_list(zoe, elsewhere)
    assert NOTHING in message_text(listing), "another server's tables are not listed"
    there = answer(await zoe.slash(elsewhere, "escoba new")).message  # a message of hers
    refused = await forge(simcord_env, zoe, there, "esc:watch:1:open")
    assert refused.content == (
        "This match is played on another server: it can be watched from there only."
    )


async def test_a_forged_watch_of_a_friends_table_in_a_group_dm_is_refused(simcord_env):
    _, group, (ana, bob) = friends(simcord_env, "ana", "bob")
    await start_match(group, ana, bob)
    _, channel, (wes,) = make_world(simcord_env, "wes")
    listing = await watch_list(wes, channel)
    assert NOTHING in message_text(listing)
    lobby = answer(await wes.slash(channel, "escoba new")).message  # a message of his
    assert (await forge(simcord_env, wes, lobby, "esc:watch:1:open")).content == PRIVATE
    unknown = await forge(simcord_env, wes, lobby, "esc:watch:99:open")
    assert unknown.content == UNKNOWN


async def test_quick_play_is_watched_as_the_pool_shows_it_unless_a_member_opts_out(simcord_env):
    _, (there, bob) = await paired_pair(simcord_env)
    _, channel, (wes,) = make_world(simcord_env, "wes")
    listing = await watch_list(wes, channel)
    table = simcord_env.bot.service.tables[1]
    names = [seat.name for seat in table.seats]
    assert "Quick play" in message_text(listing)
    assert all(name in message_text(listing) for name in names), "named as the pool names them"
    assert "ana" not in message_text(listing) and "bob" not in message_text(listing)
    view = answer(await wes.click(listing, custom_id="esc:watch:1:open")).message
    assert "Quick play" in message_text(view)
    assert custom_ids(view, "esc:") == ["esc:watch:1:refresh"]

    profile = answer(await bob.slash(there, "profile", watchable=False)).message
    assert "Nobody can watch your quick-play matches" in profile.content
    assert NOTHING in message_text(await watch_list(wes, channel))
    refreshed = answer(await wes.click(view, custom_id="esc:watch:1:refresh")).message
    assert refreshed.content == PRIVATE, "an opt-out takes effect at the next refresh"


async def test_each_bad_request_gets_a_clear_answer(simcord_env):
    guild, channel, driver, wes = await started(simcord_env, "escoba new", target=1)
    ana, bob = driver.players
    mine = answer(await wes.slash(guild.create_text_channel("mine"), "scopa new")).message
    lobby_only = await forge(simcord_env, wes, mine, "esc:watch:1:open")
    assert lobby_only.content == (
        "This match has not started yet: watch it once its first cards are dealt."
    )
    idle = answer(await wes.slash(channel, "watch", member=bob.user)).message
    assert idle.content == "bob is not playing a match right now."
    await driver.seat_and_start()

    own = answer(await ana.slash(channel, "watch", member=ana.user)).message
    assert "You play this match: this is what its watchers see" in message_text(own)
    assert not set(shown_cards(message_text(own))) & hidden_cards(simcord_env)
    await driver.play_to_end()
    ended = await forge(simcord_env, wes, mine, "esc:watch:1:open")
    assert ended.content.startswith("This match is over: `/replay` shows it move by move")
    after = answer(await wes.slash(channel, "watch", member=bob.user)).message
    assert after.content == "bob is not playing a match right now."


async def test_a_server_without_the_bot_is_told_so(simcord_env):
    private = PrivateChannels(simcord_env)
    guild = simcord_env.create_guild("No app here")
    channel = guild.create_text_channel("games")
    user = simcord_env.create_user("ana")
    guild.add_member(user)
    private.install_for(user)
    private.without_app(guild, channel)
    told = await private.actor(user).slash(channel, "watch")
    shown = told.followups[-1] if told.followups else told.response
    assert "The bot is not in this server, so there is nothing to watch here." in shown.content


async def test_a_member_follows_a_friend_and_the_board_counts_its_watchers(simcord_env):
    _, channel, driver, wes = await started(simcord_env, "escoba new", target=21)
    await driver.seat_and_start()
    bob = driver.players[1]
    view = answer(await wes.slash(channel, "watch", member=bob.user)).message
    assert custom_ids(view, "esc:") == ["esc:watch:1:refresh"]
    assert "👁 1 watching" in message_text(view)
    assert "👁" not in board_part(driver.board(), "status"), "no edit for a new watcher"
    await driver.play_turn()
    assert "👁 1 watching" in board_part(driver.board(), "status"), "told at the next move"
    await simcord_env.advance_time(15 * 60)
    await driver.play_turn()
    assert "👁" not in board_part(driver.board(), "status"), "a watcher counts for 14 minutes"


async def test_a_watch_view_keeps_working_after_a_restart(simcord_env, bot_settings):
    _, channel, driver, wes = await started(simcord_env)
    await driver.seat_and_start()
    view = answer(await wes.slash(channel, "watch", member=driver.players[0].user)).message
    await driver.play_turn()
    await simcord_env.restart_bot(create_bot(bot_settings))
    version = simcord_env.bot.service.tables[1].version
    refreshed = answer(await wes.click(view, custom_id="esc:watch:1:refresh")).message
    assert f"move {version}" in board_part(refreshed, "status")
    assert not set(shown_cards(message_text(refreshed))) & hidden_cards(simcord_env)


async def test_a_tournament_shows_a_watch_button_by_each_match_and_lists_its_final_first(
    simcord_env,
):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", "wes", format="knockout"
    )
    for member in members[:4]:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    wes = members[4]
    standings = standings_messages(channel)[0]
    watch_ids = custom_ids(standings, "esc:watch:")
    assert len(watch_ids) == 2, "a Watch button by each semi-final"
    view = answer(await wes.click(standings, custom_id=watch_ids[0])).message
    assert "🏆 Tournament #1 · round 1 · match 1" in board_part(view, "turn")
    await play_round(simcord_env, channel, members)
    await simcord_env.settle()
    final_ids = custom_ids(standings_messages(channel)[0], "esc:watch:")
    assert len(final_ids) == 1, "the final's Watch button"
    listing = await watch_list(wes, channel)
    first = re.search(r"\*\*1\.\*\* (.*)", message_text(listing)).group(1)
    assert "🏆 Final round" in first


async def test_the_broadcast_post_follows_the_featured_match_at_most_once_in_5_seconds(
    simcord_env,
):
    guild, channel, driver, wes = await started(simcord_env, "escoba new", target=21)
    tv = guild.create_text_channel("tv")
    ana = driver.players[0]
    told = answer(await ana.slash(channel, "settings", broadcast=tv)).message
    assert f"Broadcast post: <#{tv.id}>" in told.embeds[0].description
    await driver.seat_and_start()
    await simcord_env.advance_time(5)
    (post,) = tv.history()
    assert custom_ids(post, "esc:") == ["esc:watch:1:open"], "Watch opens one's own view"
    assert "📺" in board_part(post, "turn")
    broadcasts = simcord_env.bot.publisher.broadcasts
    edits = len(broadcasts.edits)
    for _ in range(4):
        await driver.play_turn()
    assert len(broadcasts.edits) <= edits + 1, "moves within 5 seconds: one edit at most"
    await simcord_env.advance_time(6)
    post = current(simcord_env, post)
    version = simcord_env.bot.service.tables[1].version
    assert f"move {version}" in board_part(post, "status"), "the post catches up"
    assert not set(shown_cards(message_text(post))) & hidden_cards(simcord_env)
    times = [when for _, when in broadcasts.edits]
    assert all(later - earlier >= 5 for earlier, later in itertools.pairwise(times))
    view = answer(await wes.click(post, custom_id="esc:watch:1:open")).message
    assert custom_ids(view, "esc:") == ["esc:watch:1:refresh"]
    assert len(tv.history()) == 1, "one post, edited in place"
    told = answer(await ana.slash(channel, "settings", broadcast_off=True)).message
    assert "Broadcast post: off" in told.embeds[0].description
    switched_off = len(broadcasts.edits)
    for _ in range(2):
        await driver.play_turn()
    await simcord_env.advance_time(6)
    assert len(broadcasts.edits) == switched_off, "no edit once the broadcast is off"


async def test_after_a_restart_the_broadcast_post_is_edited_in_place(simcord_env, bot_settings):
    guild, channel, driver, _ = await started(simcord_env, "escoba new", target=21)
    tv = guild.create_text_channel("tv")
    await driver.players[0].slash(channel, "settings", broadcast=tv)
    await driver.seat_and_start()
    await simcord_env.advance_time(5)
    await simcord_env.restart_bot(create_bot(bot_settings))
    await driver.play_turn()
    await simcord_env.advance_time(6)
    (post,) = tv.history()
    version = simcord_env.bot.service.tables[1].version
    assert f"move {version}" in board_part(post, "status")


async def test_a_quick_match_that_ends_while_watched_points_to_its_replay_in_dms(simcord_env):
    (_, ana), (_, bob) = await paired_pair(simcord_env)
    _, channel, (wes,) = make_world(simcord_env, "wes")
    view = answer(await wes.click(await watch_list(wes, channel), custom_id="esc:watch:1:open"))
    await play_out(simcord_env, [ana, bob])
    ended = answer(await wes.click(view.message, custom_id="esc:watch:1:refresh")).message
    assert not custom_ids(ended, "esc:"), "its replay does not open from a server"
    assert "open in your DMs with the bot: `/replay match:1`" in message_text(ended)


async def test_one_picture_a_move_serves_every_watcher(simcord_env, monkeypatch):
    spy = PictureSpy(monkeypatch)
    guild, channel, driver, wes = await started(simcord_env)
    await driver.seat_and_start()
    crowd = [wes, *(guild.add_member(simcord_env.create_user(f"w{n}")) for n in range(3))]
    for watcher in crowd:
        await watcher.slash(channel, "watch", member=driver.players[0].user)
    assert len(spy.calls) == 1, "four watchers, one version: drawn once"
    await driver.play_turn()
    await crowd[0].slash(channel, "watch", member=driver.players[0].user)
    assert len(spy.calls) == 2


async def test_in_dms_the_list_holds_quick_play_only(simcord_env):
    (_, ana), _ = await paired_pair(simcord_env)
    _, _, driver, wes = await started(simcord_env)
    await driver.seat_and_start()  # table #2, of wes's server
    listing = answer(await wes.user.slash("watch")).message
    assert custom_ids(listing, "esc:watch:") == ["esc:watch:1:open"], "no server's table"
    view = answer(await wes.user.click(listing, custom_id="esc:watch:1:open")).message
    assert "Quick play" in message_text(view)
    refused = answer(await ana.user.slash("watch", member=driver.players[0].user)).message
    assert refused.content == (
        "This match is played on another server: it can be watched from there only."
    )


async def test_a_match_of_someone_the_member_played_with_is_listed_before_others(simcord_env):
    guild, channel, (wes, bob, cai, dan, eva) = make_world(
        simcord_env, "wes", "bob", "cai", "dan", "eva"
    )
    earlier = TableDriver(simcord_env, channel, [wes, bob])
    await earlier.open("escoba new", target=1)
    await earlier.seat_and_start()
    await earlier.play_to_end()
    for players, where in (([cai, dan], "one"), ([bob, eva], "two"), ([eva, cai], "three")):
        driver = TableDriver(simcord_env, guild.create_text_channel(where), players)
        await driver.open("escoba new", target=21)
        await driver.seat_and_start()
    listing = message_text(await watch_list(wes, channel))
    first = re.search(r"\*\*1\.\*\* (.*)", listing).group(1)
    assert "bob vs eva" in first and "🤝 someone you played with" in first
    assert listing.count("🤝") == 1
