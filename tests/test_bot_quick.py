"""Quick play through SimCord: members of different servers enter one pool with
``/play``, a wave pairs them, and the match is played in each member's DMs, one
message a seat, rated on the global board only."""

from __future__ import annotations

import re

import discord
import pytest

from bot.client import create_bot
from bot.pool.matchmaking import WAVE_SECONDS
from tests.discord_helpers import (
    TableDriver,
    answer,
    components,
    current,
    custom_ids,
    enabled,
    field_value,
    make_world,
    message_text,
)

ANIMAL = "[🦊🦉🐢🐝]"
"""How quick play shows members who chose no name, one animal a seat."""
ANON_VERSUS = r"\*\*You\*\* \([🦊🦉] 1000\?\) vs \*\*[🦊🦉] 1000\?\*\*"
"""Newcomers' ratings are provisional: "1000?"."""
pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""The pool's 3 s waves then park until the test moves the clock (a timer due within
the settle timeout would be waited out in real time while anyone waits)."""

SEAT_TITLE = re.compile(r"⚡ \w+ · quick play #(\d+)")


def seat(player) -> object | None:
    """The member's seat message: their latest DM with a quick-play embed."""
    shown = [
        m
        for m in player.user.dm_channel.history()
        if m.embeds and SEAT_TITLE.match(m.embeds[0].title or "")
    ]
    return shown[-1] if shown else None


async def enter(*seated, game: str = "scopa"):
    """Each (channel, member) ``/play``s in their own server's channel; the answers."""
    return [answer(await player.slash(channel, "play", game=game)) for channel, player in seated]


async def play_out(env, players, *, restart=None, max_moves: int = 400) -> int:
    """Whoever's seat has live cards plays the first (and its first capture) until the
    match is over; ``restart`` is called once, halfway."""
    moves = 0
    while moves < max_moves:
        if not await play_one(players):
            return moves
        moves += 1
        if restart is not None and moves == 10:
            await restart()
    raise AssertionError("the match did not end")


async def play_one(players) -> bool:
    """The member whose seat has live cards plays the first (and its first capture);
    False when no seat has."""
    mover = next((p for p in players if enabled(seat(p), "esc:card:")), None)
    if mover is None:
        return False
    message = seat(mover)
    await mover.user.click(message, custom_id=enabled(message, "esc:card:")[0])
    choices = custom_ids(seat(mover), "esc:move:")
    if choices:
        await mover.user.click(seat(mover), custom_id=choices[0])
    return True


async def test_two_servers_play_a_quick_match_in_their_dms(simcord_env, bot_settings):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    searching = await enter((here, ana))
    assert searching[0].ephemeral
    text = message_text(current(simcord_env, searching[0].message))
    assert "Looking for an opponent on every server" in text and "**1000?**" in text
    assert "You entered the Scopa quick-play pool" in ana.user.dm_channel.history()[-1].content

    await enter((there, bob))  # wakes the pool: paired at once
    await simcord_env.settle()
    for player in (ana, bob):
        shown = seat(player)
        assert shown is not None, "the seat is in their DMs"
        assert re.match(ANON_VERSUS, shown.embeds[0].description), "told apart by animals"
    paired = message_text(current(simcord_env, searching[0].message))
    assert re.search(r"Opponent found: \*\*[🦊🦉] 1000\?\*\*", paired)

    async def restart():
        restarted = create_bot(bot_settings)
        await simcord_env.restart_bot(restarted)

    await play_out(simcord_env, [ana, bob], restart=restart)
    for player in (ana, bob):
        final = message_text(seat(player))
        assert "Result" in final and "You: rating 1000 →" in final
        assert re.search(r"🏆 You win!|You lose\.|The match is a draw\.", final)
        assert final.count("rating 1000 →") == 1, "their own rating only"
        assert custom_ids(seat(player), "esc:block:"), "Don't pair me with them again"
    storage = simcord_env.bot.storage
    ratings = await storage.global_ratings("scopa", [ana.id, bob.id])
    assert ratings[ana.id] != ratings[bob.id], "rated on the global board"
    for player in (ana, bob):
        board, _ = await storage.leaderboard(player.guild.id, "scopa", limit=5, offset=0)
        assert board == [], "on no server's board"
    stats = answer(await ana.slash(here, "stats")).message.embeds[0]
    quick = next(f for f in stats.fields if f.name == "⚡ Quick play · Scopa")
    assert re.search(r"Rating \*\*\d+\?\*\*", quick.value), "provisional after one match"
    in_dms = answer(await ana.user.slash("stats")).message.embeds[0]
    assert [f.name for f in in_dms.fields] == ["⚡ Quick play · Scopa"], "quick play's in DMs"


def own_and_other_names(env, player, other) -> tuple[str, str]:
    """The seat names quick play gives ``player`` and ``other`` (🦊 1000?, 🦉 1000?)."""
    table = env.bot.service.tables[1]
    return (
        table.seats[table.seat_of(player.id) or 0].name,
        table.seats[table.seat_of(other.id) or 0].name,
    )


def reads_as_you(text: str, mine: str, theirs: str) -> None:
    """A member reads about themselves as "You", the other by animal and rating."""
    assert mine not in text, text
    assert theirs in text and "You" in text, text


@pytest.mark.simcord(settle_timeout=30.0)  # the review's first decisions start the workers
async def test_a_member_reads_of_themselves_as_you_and_of_the_other_by_animal(simcord_env):
    """Their seat, its log and result, /history and its score sheet, the replay and the
    review, from each member's side."""
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    for _ in range(6):
        await play_one([ana, bob])
    for player, other in ((ana, bob), (bob, ana)):
        mine, theirs = own_and_other_names(simcord_env, player, other)
        log = seat(player).embeds[0].description.split("\n\n", 1)[1]
        assert re.search(r"^• You play ", log, re.M), log
        assert re.search(rf"^• {re.escape(theirs)} plays ", log, re.M), log
        assert mine not in log
    await play_out(simcord_env, [ana, bob])
    for player, other in ((ana, bob), (bob, ana)):
        mine, theirs = own_and_other_names(simcord_env, player, other)
        result = field_value(seat(player).embeds[0], "Result")
        reads_as_you(result, mine, theirs)
        assert re.search(r"^You: \*\*\d+\*\*$", result, re.M), result
        shown = message_text(seat(player))
        versus = f"**You** ({mine}) vs **{theirs}**"
        assert versus in shown, "their own animal says how the other sees them"
        reads_as_you(shown.replace(versus, ""), mine, theirs)
        listed = answer(await player.user.slash("history")).message
        reads_as_you(listed.embeds[0].description, mine, theirs)
        sheet = answer(await player.user.select(listed, ["1"])).message.embeds[0]
        reads_as_you(message_text_of_embed(sheet), mine, theirs)
        review = answer(await player.user.slash("review", match=1)).message
        reads_as_you(message_text(review), mine, theirs)
        viewer = answer(await player.user.slash("replay", match=1)).message
        reads_as_you(message_text(viewer), mine, theirs)
        await player.user.click(viewer, label="Next")
        first = message_text(current(simcord_env, viewer))
        assert re.search(rf"^(You play |{re.escape(theirs)} plays )", first, re.M), first


def message_text_of_embed(shown) -> str:
    parts = [shown.title or "", shown.description or "", shown.footer.text or ""]
    return "\n".join([*parts, *(f"{f.name}\n{f.value}" for f in shown.fields)])


async def test_bad_input_to_play_is_answered_and_loses_nothing(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    (searching,) = await enter((channel, ana))
    (again,) = await enter((channel, ana), game="escoba")
    assert "already waiting in the quick-play pool" in again.message.content
    await ana.click(current(simcord_env, searching.message), label="Cancel")
    assert "You left the pool" in message_text(current(simcord_env, searching.message))
    assert await simcord_env.bot.storage.pool_entries() == []
    await simcord_env.bot.croupier.pool_runner.pool.strike(ana.id, "left")
    (banned,) = await enter((channel, ana))
    assert "you may enter the pool again in 10 min" in banned.message.content


async def test_a_scopone_of_four_members_from_three_servers(simcord_env):
    _, first, (ana, bob) = make_world(simcord_env, "ana", "bob")
    _, second, (cai,) = make_world(simcord_env, "cai")
    _, third, (dan,) = make_world(simcord_env, "dan")
    seated = ((first, ana), (first, bob), (second, cai), (third, dan))
    await enter(*seated, game="scopone")
    await simcord_env.advance_time(WAVE_SECONDS)
    players = [ana, bob, cai, dan]
    for player in players:
        versus = seat(player).embeds[0].description.split("\n")[0]
        ours, theirs = versus.split(" vs ")
        assert "**You**" in ours and len(re.findall(ANIMAL, ours)) == 2
        assert len(re.findall(ANIMAL, theirs)) == 2
    await play_out(simcord_env, players)
    assert all("Result" in message_text(seat(p)) for p in players)


async def test_a_member_who_idles_loses_the_seat_to_the_bot_and_earns_a_ban(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    idler = next(p for p in (ana, bob) if enabled(seat(p), "esc:card:"))
    other = bob if idler is ana else ana
    for _ in range(2):  # two turns run out: the bot keeps the seat
        await simcord_env.advance_time(61)
        if enabled(seat(other), "esc:card:"):
            message = seat(other)
            await other.user.click(message, custom_id=enabled(message, "esc:card:")[0])
            if choices := custom_ids(seat(other), "esc:move:"):
                await other.user.click(seat(other), custom_id=choices[0])
    table = simcord_env.bot.service.tables[1]
    assert table.seats[table.seat_of(idler.id) or 0].away, "the bot keeps their seat"
    assert custom_ids(seat(idler), "esc:seat:1:back"), "I'm back, on their seat"
    await play_out(simcord_env, [other])
    await simcord_env.settle()
    (banned,) = await enter((here if idler is ana else there, idler))
    assert "you may enter the pool again in" in banned.message.content


async def test_leaving_a_quick_match_bans_from_the_pool_but_not_from_tables(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    asked = await ana.user.click(seat(ana), custom_id="esc:seat:1:leave")
    question = answer(asked).message
    assert "you are paused from the pool: 10 minutes the first time" in question.content
    await ana.user.click(question, label="Yes, leave")
    await simcord_env.settle()
    stayed = message_text(seat(bob))
    assert "🏆 You win by forfeit." in stayed and "left the match" in stayed
    assert "Your hand" not in stayed, "a finished seat shows no cards"
    assert not custom_ids(seat(bob), "esc:again:"), "no rematch with who left"
    (banned,) = await enter((here, ana))
    assert "you may enter the pool again in 10 min" in banned.message.content
    lobby = await ana.slash(here, "escoba new")
    assert lobby.response.message.embeds, "a server's tables stay open to them"


async def test_a_block_is_honoured_in_the_next_wave(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    await play_out(simcord_env, [ana, bob])
    blocked = answer(await ana.user.click(seat(ana), custom_id="esc:block:1"))
    assert re.search(r"You will not be paired with [🦊🦉] 1000", blocked.message.content)
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS * 5)
    assert len(await simcord_env.bot.storage.pool_entries()) == 2, "still waiting, apart"


async def test_strangers_send_fixed_reactions_one_a_turn(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    await react(ana, "Well played!")
    assert re.search(r"💬 \*\*[🦊🦉] 1000\?\*\*: Well played!", seat(bob).embeds[0].description)
    assert "💬 **You**: Well played!" in seat(ana).embeds[0].description, "echoed to the sender"
    again = answer(await react(ana, "Good game"))
    assert again.message.content == "One reaction a turn: the table heard you."
    assert "Good game" not in seat(bob).embeds[0].description


def reactions_menu(message) -> discord.SelectMenu:
    return next(
        c
        for c in components(message)
        if isinstance(c, discord.SelectMenu) and c.custom_id.startswith("esc:react:")
    )


async def react(player, reaction: str):
    """The member picks ``reaction`` (its label) in their seat's reactions menu."""
    menu = reactions_menu(seat(player))
    value = next(o.value for o in menu.options if o.label == reaction)
    return await player.user.select(seat(player), [value], custom_id=menu.custom_id)


async def test_the_reactions_menu_comes_back_unselected(simcord_env):
    """A client keeps a menu's pick shown while the menu offers it: after each reaction
    the seat's menu offers new options, nothing chosen, and they work."""
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    picked = next(o.value for o in reactions_menu(seat(ana)).options if o.label == "Thanks")
    await react(ana, "Thanks")
    after = reactions_menu(seat(ana)).options
    assert picked not in [option.value for option in after], "the pick cannot stay shown"
    assert not any(option.default for option in after)
    await react(bob, "Good game")
    assert "💬 **You**: Good game" in seat(bob).embeds[0].description


@pytest.mark.simcord(settle_timeout=5.0)  # the hard bot's first move starts its workers
async def test_alone_for_45_seconds_a_member_is_offered_a_bot_level(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    (searching,) = await enter((here, ana))
    await simcord_env.advance_time(30)
    assert "Play the bot now: Level 3" not in message_text(current(simcord_env, searching.message))
    await simcord_env.advance_time(18)
    offered = current(simcord_env, searching.message)
    assert "No opponent yet" in message_text(offered)
    await ana.click(offered, label="Play the bot now: Level 3")
    assert "against the bot is in your DMs" in message_text(current(simcord_env, searching.message))
    assert "vs **🤖 Normal bot**" in seat(ana).embeds[0].description, "a newcomer: level 3"
    await play_out(simcord_env, [ana])
    assert "Result" in message_text(seat(ana))


@pytest.mark.parametrize("game", ["escoba", "cirulla", "rubamazzo"])
async def test_every_two_player_game_plays_through_from_a_dm_and_a_server(
    simcord_env, bot_settings, game
):
    """One member asks in their server, the other in their DMs with the bot; a restart
    in the middle changes nothing."""
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, _, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), game=game)
    from_dm = answer(await bob.user.slash("play", game=game))
    assert "Opponent found" in message_text(current(simcord_env, from_dm.message))

    async def restart():
        await simcord_env.restart_bot(create_bot(bot_settings))

    await play_out(simcord_env, [ana, bob], restart=restart)
    assert all("Result" in message_text(seat(p)) for p in (ana, bob))


def invitation(player):
    """The latest invitation to partner someone, in the member's DMs."""
    sent = reversed(list(player.user.dm_channel.history()))
    return next(m for m in sent if "partner" in m.content)


async def test_a_pair_enters_scopone_together_once_the_partner_accepts(simcord_env):
    _, first, (ana, bea) = make_world(simcord_env, "ana", "bea")
    _, second, (cai,) = make_world(simcord_env, "cai")
    _, third, (dan,) = make_world(simcord_env, "dan")
    asked = answer(await ana.slash(first, "play", game="scopone", partner=bea))
    assert "Looking for an opponent" in message_text(current(simcord_env, asked.message))
    await enter((second, cai), (third, dan), game="scopone")
    await simcord_env.advance_time(WAVE_SECONDS * 2)
    assert seat(ana) is None, "not paired before the partner accepts"
    await bea.user.click(invitation(bea), label="Accept")
    await simcord_env.advance_time(WAVE_SECONDS)
    for player in (ana, bea):
        ours = seat(player).embeds[0].description.split(" vs ")[0]
        assert "**You**" in ours and len(re.findall(ANIMAL, ours)) == 2, "partners on one side"
    table = simcord_env.bot.service.tables[1]
    sides = table.engine.side_of
    assert sides[table.seat_of(ana.id) or 0] == sides[table.seat_of(bea.id) or 0]


async def test_a_partner_who_declines_ends_the_search(simcord_env):
    _, here, (ana, eve) = make_world(simcord_env, "ana", "eve")
    asked = answer(await ana.slash(here, "play", game="scopone", partner=eve))
    await eve.user.click(invitation(eve), label="Decline")
    assert "Your partner declined" in message_text(current(simcord_env, asked.message))
    assert await simcord_env.bot.storage.pool_entries() == []
    again = answer(await ana.slash(here, "play", game="scopone", partner=eve))
    await ana.click(current(simcord_env, again.message), label="Cancel")
    late = answer(await eve.user.click(invitation(eve), label="Accept"))
    assert "no longer open" in late.message.content
    alone = answer(await ana.slash(here, "play", game="scopa", partner=eve))
    assert alone.message.content == "Only Scopone is played in pairs."


async def test_a_rematch_starts_once_both_ask(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    await play_out(simcord_env, [ana, bob])
    asked = answer(await ana.user.click(seat(ana), custom_id="esc:again:1"))
    assert asked.message.content.startswith("Rematch asked")
    told = bob.user.dm_channel.history()[-1].content
    assert "asks for a rematch of quick play #1" in told
    await bob.user.click(seat(bob), custom_id="esc:again:1")
    await simcord_env.settle()
    for player in (ana, bob):
        assert seat(player).embeds[0].title.endswith("quick play #2")


async def test_late_clicks_and_busy_members_are_answered(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    (searching,) = await enter((here, ana))
    for _ in range(16):  # the answer's token is dead by now (a wave every 3 s meanwhile)
        await simcord_env.advance_time(60)
    await enter((there, bob))
    await simcord_env.settle()
    stale = current(simcord_env, searching.message)
    late = answer(await ana.click(stale, label="Cancel"))
    assert "not in the pool any more: you were paired" in late.message.content
    (busy,) = await enter((here, ana))
    assert "You are playing a match already (#1)" in busy.message.content
    lobby = (await bob.slash(there, "escoba new")).response.message
    assert lobby.embeds


async def test_a_member_who_shows_their_name_is_seen_by_it(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await ana.slash(here, "profile", show_me=True)
    await enter((here, ana), (there, bob))
    await simcord_env.settle()
    assert "vs **ana**" in seat(bob).embeds[0].description
    assert re.search(r"vs \*\*[🦊🦉] 1000\?\*\*", seat(ana).embeds[0].description)


async def test_closed_dms_are_told_before_entering_the_pool(simcord_env):
    from tests.test_bot_publisher import DM_CLOSED

    _, here, (ana,) = make_world(simcord_env, "ana")
    simcord_env.inject_error(
        "POST", f"/channels/{ana.user.dm_channel.id}/messages", **DM_CLOSED, times=None
    )
    (refused,) = await enter((here, ana))
    assert "Quick-play matches are played in your DMs" in refused.message.content
    assert "Privacy Settings" in refused.message.content
    assert await simcord_env.bot.storage.pool_entries() == [], "not entered"


async def test_a_member_who_started_a_table_meanwhile_is_not_paired_twice(simcord_env):
    _, here, (ana, cai) = make_world(simcord_env, "ana", "cai")
    _, there, (bob,) = make_world(simcord_env, "bob")
    (searching,) = await enter((here, ana))
    driver = TableDriver(simcord_env, here, [ana, cai])
    await driver.open("escoba new")
    await driver.seat_and_start()  # ana plays at her server's table while she waits
    await enter((there, bob))
    await simcord_env.settle()
    assert "You started another match while you waited" in message_text(
        current(simcord_env, searching.message)
    )
    (waiting,) = await simcord_env.bot.storage.pool_entries()
    assert waiting["user_id"] == bob.id, "bob waits on, as he waited"
    assert seat(bob) is None


@pytest.mark.simcord(settle_timeout=5.0)  # the stand-in's first move starts its workers
async def test_a_match_both_members_left_to_the_bot_is_rated_for_nobody(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    for _ in range(30):  # nobody clicks: two turns each run out, then the bot keeps both
        await simcord_env.advance_time(61)
        if not simcord_env.bot.service.tables[1].is_live:
            break
    final = message_text(seat(ana))
    assert "both sides forfeit, no one wins and no rating moves" in final
    ratings = await simcord_env.bot.storage.global_ratings("scopa", [ana.id, bob.id])
    assert ratings[ana.id] == ratings[bob.id] and ratings[ana.id].shown == 1000


async def test_a_quick_match_is_sealed_and_verified_from_the_dms(simcord_env):
    _, here, (ana,) = make_world(simcord_env, "ana")
    _, there, (bob,) = make_world(simcord_env, "bob")
    await enter((here, ana), (there, bob))
    await simcord_env.advance_time(WAVE_SECONDS)
    assert "🔒 Deal sealed:" in seat(ana).embeds[0].footer.text
    await play_out(simcord_env, [ana, bob])
    final = seat(ana).embeds[0]
    seed = simcord_env.bot.service.tables[1].match.seed
    revealed = next(f for f in final.fields if f.name == "🔓 Fair deal")
    assert f"Seed: `{seed}`" in revealed.value
    checked = answer(await ana.user.slash("verify", match=1)).message.embeds[0]
    assert checked.title.startswith("✅"), checked.title
