"""Tournaments through SimCord, from sign-up to podium: members join with the sign-up's
button, the host starts it, each round's pairings are posted (pinging the entrants),
each match is played in its own thread, the standings message is edited in place, the
bot restarts in the middle without opening a table or posting anything twice, and the
podium is posted once; and every refusal gets a clear answer."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import discord
import pytest
from PIL import Image

from bot.client import create_bot
from bot.pictures.bracket import COLUMN
from bot.tournaments.model import Tournament
from tests.discord_helpers import (
    TableDriver,
    answer,
    board_part,
    buttons,
    current,
    custom_ids,
    make_world,
    message_text,
)

NAMES = ("ana", "bob", "cai", "dan", "eva", "fer", "gus", "hal")


@dataclass
class ThreadDriver(TableDriver):
    """A table played in a known thread (a tournament has several at once)."""

    fixed: object = None

    @property
    def thread(self):
        return self.fixed

    def is_over(self) -> bool:
        """A tournament's match has no Rematch: over when its table is no longer live."""
        table = self.env.bot.service.tables.get(int(re.search(r"#(\d+)", self.fixed.name)[1]))
        return table is None or not table.is_live


def signup(channel):
    return next(
        m for m in channel.history() if m.embeds and "tournament #" in (m.embeds[0].title or "")
    )


def posts(channel, pattern: str) -> list:
    return [m for m in channel.history() if re.search(pattern, m.content or "")]


def standings_messages(channel) -> list:
    """The standings: the embed titled "… · round 2 of 3"."""
    return [
        m
        for m in channel.history()
        if m.embeds and re.search(r" · round \d+ of \d+$", m.embeds[0].title or "")
    ]


def podium_messages(channel) -> list:
    return [m for m in channel.history() if m.embeds and "podium" in (m.embeds[0].title or "")]


async def play_round(env, channel, members) -> int:
    """Play every match open in the channel's threads to its end; how many."""
    by_id = {m.id: m for m in members}
    played = 0
    for thread in list(channel.threads):
        table_id = int(re.search(r"#(\d+)", thread.name).group(1))
        table = env.bot.service.tables.get(table_id)
        if table is None or not table.is_live:
            continue
        players = [by_id[seat.user_id] for seat in table.seats]
        driver = ThreadDriver(env, channel, players, fixed=thread)
        await driver.play_to_end()
        played += 1
    return played


async def open_tournament(env, *names: str, timer: int | None = None, **options):
    _, channel, members = make_world(env, *names, admin=names[0])
    host = members[0]
    await host.slash(channel, "settings", target=1)  # one-hand matches
    if timer is not None:
        await host.slash(channel, "settings", timer=timer)
    opened = answer(await host.slash(channel, "tournament new", **options))
    assert opened.ephemeral and "is open: its sign-up is in this channel" in opened.message.content
    return channel, members


async def test_an_eight_entrant_knockout_from_sign_up_to_podium_with_a_restart(
    simcord_env, bot_settings
):
    channel, members = await open_tournament(simcord_env, *NAMES, format="knockout", entrants=8)
    for member in members:
        await member.click(signup(channel), label="Join")
    assert "Entrants (8/8)" in signup(channel).embeds[0].fields[0].name
    await members[0].click(signup(channel), label="Start")
    assert not signup(channel).components, "the sign-up closes at the start"
    round_one = posts(channel, r"round 1\*\*")
    assert len(round_one) == 1
    assert len(re.findall(r"<@\d+>", round_one[0].content)) == 8, "every entrant pinged once"
    assert len(channel.threads) == 4
    assert await play_round(simcord_env, channel, members) == 4

    restarted = create_bot(bot_settings)
    await simcord_env.restart_bot(restarted)
    assert len(posts(channel, r"round 1\*\*")) == 1 and len(posts(channel, r"round 2\*\*")) == 1
    assert len(channel.threads) == 6, "the semi-finals opened once"
    assert await play_round(simcord_env, channel, members) == 2
    assert await play_round(simcord_env, channel, members) == 1, "the final"

    podiums = [m for m in channel.history() if m.embeds and "podium" in (m.embeds[0].title or "")]
    assert len(podiums) == 1
    names = {member.user.name for member in members}
    first = podiums[0].embeds[0].description.splitlines()[0]
    assert first.startswith("🥇 ") and first[2:] in names, "a list of names: no ping"
    for thread in channel.threads:
        ends = [m for m in thread.history() if m.embeds and "the match" in m.embeds[0].title]
        assert len(ends) == 1, "each match ended once"
        assert not custom_ids(ends[0], "esc:rematch:"), "the tournament pairs, no Rematch"
    assert podiums[0].embeds[0].description.count("🥉") == 2, "both losing semi-finalists"
    assert len(standings_messages(channel)) == 1, "one standings message, edited in place"
    assert "Finished." in standings_messages(channel)[0].embeds[0].footer.text
    results = answer(await members[3].slash(channel, "tournament results")).message
    assert "the podium" in results.embeds[0].title

    history = (await members[0].slash(channel, "history")).response.embeds[0].description
    assert len(history.splitlines()) == 7, "the seven matches count in /history"
    board = await members[0].slash(channel, "leaderboard", game="escoba", season="all")
    ratings = [int(r) for r in re.findall(r"\*\*(\d+)\*\*", board.response.embeds[0].description)]
    assert len(ratings) == 8 and max(ratings) > 1000 > min(ratings), "and for the ratings"


async def test_posts_sent_just_before_a_kill_are_found_without_markers(simcord_env, bot_settings):
    """The bot found its own posts after a restart by markers members read ("[tournament
    1 · standings]"): none now. A pairings post or a podium sent just before a kill, and
    not recorded, is found by what it says and recorded, not sent again."""
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", format="knockout"
    )
    for member in members:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    service = simcord_env.bot.tournaments
    await service.mark_shown(1, rounds_posted=0, sending="round 1 · 1")  # what a kill left
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert len(posts(channel, r"round 1\*\*")) == 1, "found, not sent again"
    assert simcord_env.bot.tournaments.get(1).shown.rounds_posted == 1, "and recorded"
    assert await play_round(simcord_env, channel, members) == 2
    assert await play_round(simcord_env, channel, members) == 1, "the final"
    assert len(podium_messages(channel)) == 1
    service = simcord_env.bot.tournaments
    await service.mark_shown(1, podium_posted=False, sending="podium")
    standings = standings_messages(channel)
    await simcord_env.restart_bot(create_bot(bot_settings))
    assert len(podium_messages(channel)) == 1 and standings_messages(channel) == standings
    for message in channel.history():
        shown = [message.content, *(f"{e.title} {e.footer.text}" for e in message.embeds)]
        assert not any("[tournament" in text for text in shown), shown


async def test_a_sixteen_entrant_swiss_pairs_every_round_without_a_rematch(
    simcord_env, bot_settings
):
    names = [f"m{i}" for i in range(16)]
    channel, members = await open_tournament(simcord_env, *names, entrants=16)
    for member in members:
        await member.slash(channel, "tournament join")
    await members[0].slash(channel, "tournament host", action="start")
    rounds = 0
    while simcord_env.bot.tournaments.tournaments:
        tournament = next(iter(simcord_env.bot.tournaments.tournaments.values()))
        if tournament.status == "finished":
            break
        assert await play_round(simcord_env, channel, members) == 8
        rounds += 1
        if rounds == 2:
            await simcord_env.restart_bot(create_bot(bot_settings))
    assert rounds == 5
    met = set()
    for round_no in range(1, 6):
        round_posts = posts(channel, rf"round {round_no}\*\*")
        assert len(round_posts) == 1, f"round {round_no} posted once"
        for a, b in re.findall(r"<@(\d+)> – <@(\d+)>", round_posts[0].content):
            assert frozenset((a, b)) not in met, "no rematch"
            met.add(frozenset((a, b)))
    assert len(met) == 40
    standings = standings_messages(channel)[0].embeds[0].description
    assert standings.startswith("`#` name · points") and "🥇" in standings
    results = answer(await members[5].slash(channel, "tournament results")).message
    rounds = results.embeds[1].fields
    assert [f.name for f in rounds] == [f"Round {n}" for n in (5, 4, 3, 2, 1)]
    assert all(len(f.value.splitlines()) == 8 for f in rounds), "every match of every round"


async def test_every_refusal_is_answered_clearly(simcord_env):
    channel, members = await open_tournament(simcord_env, "ana", "bob", "cai", entrants=4)
    ana, bob, cai = members
    await bob.click(signup(channel), label="Join")
    second = answer(await bob.click(signup(channel), label="Join"))
    assert "already in this tournament" in second.message.content
    early = answer(await ana.click(signup(channel), label="Start"))
    assert "Not enough entrants to start: 1 of at least 4." in early.message.content
    by_member = answer(await bob.click(signup(channel), label="Start"))
    assert "Only the tournament's host" in by_member.message.content
    forbidden = answer(await bob.slash(channel, "tournament new"))
    assert "Only members who manage the server open tournaments here" in forbidden.message.content
    left = answer(await cai.slash(channel, "tournament leave"))
    assert "You are not in this tournament" in left.message.content
    await ana.click(signup(channel), label="Cancel")
    after = answer(await bob.slash(channel, "tournament leave"))
    assert after.message.content == "No tournament is under way in this channel."
    none = answer(await bob.slash(channel, "tournament results", tournament=99))
    assert "No such tournament on this server." in none.message.content


def thread_of(channel, table_id: int):
    return next(t for t in channel.threads if f"#{table_id}" in t.name)


async def test_a_round_out_of_time_is_decided_and_a_pause_stops_its_clock(simcord_env):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", minutes=5, timer=3600
    )
    for member in members:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    service = simcord_env.bot.tournaments
    tournament = next(iter(service.tournaments.values()))
    first, second = tournament.round_pairings()
    by_id = {m.id: m for m in members}

    def driver(pairing):
        table = simcord_env.bot.service.tables[pairing.table_id]
        players = [by_id[seat.user_id] for seat in table.seats]
        return ThreadDriver(simcord_env, channel, players, fixed=thread_of(channel, table.id))

    await driver(first).play_to_end()
    slow = driver(second)
    mover = slow.actor()
    await slow.play_turn()

    paused = answer(await members[0].slash(channel, "tournament host", action="pause"))
    assert "is paused" in paused.message.content
    await simcord_env.advance_time(10 * 60)
    assert not service.get(tournament.id).round_pairings(1)[1].decided, "no clock while paused"
    assert "Paused by its host" in standings_messages(channel)[0].embeds[0].footer.text
    await members[0].slash(channel, "tournament host", action="resume")
    await simcord_env.advance_time(6 * 60)

    decided = service.get(tournament.id).round_pairings(1)[1]
    assert (
        decided.decided_by == "forfeit"
        and mover.id in service.get(tournament.id).entrant(decided.winner or 0).members
    ), "the member who never moved forfeits"
    ended = [m.content for m in thread_of(channel, decided.table_id or 0).history()]
    assert any("The tournament's round is over" in text for text in ended)
    assert len(posts(channel, r"round 2\*\*")) == 1, "the next round is paired"
    fields = standings_messages(channel)[0].embeds[0].fields
    assert [field.name for field in fields] == ["Round 2", "Round 1"], "every round, latest first"
    assert "wins by forfeit" in fields[1].value.splitlines()[1]


async def test_a_cancelled_tournament_says_so_at_its_tables_and_in_its_standings(simcord_env):
    """After a host cancelled a tournament, its tables said "the round is over … the
    tournament decides it" and its standings "playing at table #2"."""
    channel, members = await open_tournament(simcord_env, "ana", "bob", "cai", "dan")
    for member in members:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    first, second = simcord_env.bot.tournaments.get(1).round_pairings()
    by_id = {m.id: m for m in members}
    table = simcord_env.bot.service.tables[first.table_id or 0]
    players = [by_id[seat.user_id] for seat in table.seats]
    await ThreadDriver(
        simcord_env, channel, players, fixed=thread_of(channel, table.id)
    ).play_to_end()

    cancelled = answer(await members[0].slash(channel, "tournament host", action="cancel"))
    assert cancelled.message.content == "Tournament #1 is cancelled."
    said = [m.content for m in thread_of(channel, second.table_id or 0).history() if m.content]
    told = "The tournament was cancelled: this match ends here and counts for no one."
    assert told in said and not any("round is over" in text for text in said), said
    standings = standings_messages(channel)[0].embeds[0]
    matches = standings.fields[0].value.splitlines()
    assert re.search(r"\*\* wins \d+–\d+$", matches[0]), matches
    assert matches[1].endswith(" · not finished: the tournament was cancelled"), matches
    assert standings.footer.text == "Cancelled."


async def test_a_tournament_of_pairs_plays_scopone_with_partners_opposite(simcord_env):
    names = [f"p{i}" for i in range(8)]
    channel, members = await open_tournament(
        simcord_env, *names, game="scopone", format="knockout", entrants=4
    )
    alone = answer(await members[0].click(signup(channel), label="Join"))
    assert "This is a tournament of pairs" in alone.message.content
    for first, second in zip(members[::2], members[1::2], strict=True):
        await first.slash(channel, "tournament join", partner=second)
        await second.click(invitation_to(channel, second), label="Accept")
    assert "p0 & p1" in signup(channel).embeds[0].fields[0].value
    await members[0].click(signup(channel), label="Start")
    tournament = next(iter(simcord_env.bot.tournaments.tournaments.values()))
    for pairing in tournament.round_pairings():
        table = simcord_env.bot.service.tables[pairing.table_id or 0]
        side = {seat.user_id: table.engine.side_of[i] for i, seat in enumerate(table.seats)}
        for number in (pairing.a, pairing.b):
            first, second = tournament.entrant(number).members
            assert side[first] == side[second], "partners play on one side"
    assert await play_round(simcord_env, channel, members) == 2
    assert await play_round(simcord_env, channel, members) == 1
    podium = [m for m in channel.history() if m.embeds and "podium" in (m.embeds[0].title or "")]
    shown = podium[0].embeds[0].description
    assert len(podium) == 1 and " & " in shown and "<@" not in shown, "pairs, by name"


async def test_the_host_disqualifies_a_member_who_left_the_server(simcord_env):
    channel, members = await open_tournament(simcord_env, "ana", "bob", "cai", "dan", "eve")
    for member in members[1:]:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    eve = members[4]
    user = eve.user
    channel.guild.remove_member(eve)
    done = answer(await members[0].slash(channel, "tournament disqualify", member=user))
    assert f"<@{eve.id}> is disqualified." in done.message.content
    tournament = next(iter(simcord_env.bot.tournaments.tournaments.values()))
    entrant = tournament.entrant_of(eve.id)
    assert entrant is not None and entrant.disqualified
    pairing = next(p for p in tournament.round_pairings() if entrant.number in (p.a, p.b))
    assert pairing.decided_by == "forfeit" and pairing.winner != entrant.number
    winner = tournament.entrant(pairing.winner or 0).name
    told = f"eve was disqualified from the tournament: **{winner}** wins by forfeit"
    assert any(told in m.content for m in thread_of(channel, pairing.table_id or 0).history())
    again = answer(await members[0].slash(channel, "tournament disqualify", member=user))
    assert "That member is not in this tournament (or no longer)." in again.message.content


async def test_a_tournament_starts_by_itself_at_its_start_time_or_is_cancelled_with_too_few(
    simcord_env,
):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", entrants=8, start_in=5
    )
    assert "Starts <t:" in signup(channel).embeds[0].description
    for member in members:
        await member.click(signup(channel), label="Join")
    await simcord_env.advance_time(5 * 60 + 31)
    assert len(posts(channel, r"round 1\*\*")) == 1, "started by its clock"
    assert not signup(channel).components

    other = channel.guild.create_text_channel("torneo")
    host = members[0]
    await host.slash(other, "tournament new", start_in=5)
    await host.click(signup(other), label="Join")
    announced = signup(other).embeds[0].description.splitlines()[0]
    assert "3 rounds" in announced, announced
    await simcord_env.advance_time(5 * 60 + 31)
    assert signup(other).embeds[0].footer.text == "Cancelled."
    assert signup(other).embeds[0].description == announced, "it says what it announced"


async def test_a_tournament_needs_a_text_channel_where_the_bot_opens_threads(simcord_env):
    guild, channel, (ana,) = make_world(simcord_env, "ana", admin="ana")
    closed = guild.create_text_channel(
        "no-threads",
        overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    refused = answer(await ana.slash(closed, "tournament new"))
    assert refused.ephemeral
    assert refused.message.content == (
        "I need these permissions in this channel: Create Public Threads."
    )
    assert list(closed.history()) == []

    await ana.slash(channel, "escoba new")
    thread = channel.threads[-1]
    in_thread = answer(await ana.slash(thread, "tournament new"))
    assert in_thread.message.content.startswith("Open a tournament in a text channel")
    assert simcord_env.bot.tournaments.tournaments == {}


def carry_buttons(env, message, source) -> None:
    """The bot's ``message`` made to carry ``source``'s buttons: a message in one server
    whose custom ids name another server's tournament (what a tampered client sends)."""
    stored = env.backend.get_message(source.channel.id, source.id)
    env.backend.edit_message(message.channel.id, message.id, {"components": stored.components})


async def test_a_tournament_answers_only_in_its_own_server(simcord_env):
    channel, (_, bob) = await open_tournament(simcord_env, "ana", "bob", entrants=4)
    await bob.click(signup(channel), label="Join")
    _, elsewhere, (zoe, yan) = make_world(simcord_env, "zoe", "yan", admin="zoe")
    await zoe.slash(elsewhere, "tournament new")
    carry_buttons(simcord_env, signup(elsewhere), signup(channel))
    assert custom_ids(signup(elsewhere), "esc:tour:1:"), "it carries tournament #1's buttons"
    unknown = "No such tournament on this server."
    for member, label in ((zoe, "Cancel"), (zoe, "Start"), (yan, "Join"), (yan, "Leave")):
        refused = answer(await member.click(signup(elsewhere), label=label))
        assert refused.ephemeral and refused.message.content == unknown, label
    tournament = simcord_env.bot.tournaments.get(1)
    assert tournament.status == "signup" and [e.name for e in tournament.entrants] == ["bob"]
    assert "Entrants (1/4)" in signup(channel).embeds[0].fields[0].name
    results = answer(await zoe.slash(elsewhere, "tournament results", tournament=1))
    assert results.message.content == unknown and not results.message.embeds
    here = answer(await yan.slash(elsewhere, "tournament leave"))
    assert "You are not in this tournament" in here.message.content, "#2, this server's"


async def test_a_member_who_withdraws_mid_match_forfeits_it_and_no_rating_moves(simcord_env):
    channel, members = await open_tournament(simcord_env, "ana", "bob", "cai", "dan", timer=3600)
    for member in members:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    tournament = next(iter(simcord_env.bot.tournaments.tournaments.values()))
    pairing = tournament.round_pairings()[0]
    table = simcord_env.bot.service.tables[pairing.table_id or 0]
    by_id = {m.id: m for m in members}
    leaver, stayer = (by_id[seat.user_id] for seat in table.seats)
    driver = ThreadDriver(
        simcord_env, channel, [leaver, stayer], fixed=thread_of(channel, table.id)
    )
    await driver.play_turn()
    await driver.play_turn()

    left = answer(await leaver.slash(channel, "tournament leave"))
    assert "You withdrew from tournament #1" in left.message.content
    told = (
        f"{leaver.user.name} withdrew from the tournament: **{stayer.user.name}** wins by forfeit"
    )
    said = [m.content for m in driver.thread.history() if m.content]
    assert any(text.startswith(told) for text in said), said
    assert not any("round is over" in text for text in said)
    assert told in board_part(driver.board(), "turn"), "the board tells the same"
    round_one = standings_messages(channel)[0].embeds[0].fields[0].value
    assert f"**{stayer.user.name}** wins by forfeit" in round_one
    stats = answer(await stayer.slash(channel, "stats")).message
    assert "No finished matches yet." in message_text(stats), "a forfeit moves no rating"


def invitation_to(channel, member) -> discord.Message:
    """The latest invitation posted in the channel to ``member``."""
    return [m for m in channel.history() if m.content.startswith(f"🤝 <@{member.id}>")][-1]


async def test_a_pair_is_entered_only_once_the_partner_accepts(simcord_env):
    names = [f"p{i}" for i in range(10)]
    channel, members = await open_tournament(
        simcord_env, *names, game="scopone", format="knockout", entrants=8
    )
    p0, p1, p2 = members[:3]
    asked = answer(await p0.slash(channel, "tournament join", partner=p1))
    assert asked.ephemeral and asked.message.content == (
        f"Your invitation is posted in <#{channel.id}>: "
        f"you and <@{p1.id}> enter tournament #1 once they accept."
    )
    invitation = invitation_to(channel, p1)
    assert invitation.content == (
        f"🤝 <@{p1.id}>, **p0** asks you to play tournament #1 with them: "
        "the pair is entered once you accept."
    )
    assert [b.label for b in buttons(invitation)] == ["Accept", "Decline"]
    assert "No one yet" in signup(channel).embeds[0].fields[0].value, "not entered yet"
    stranger = answer(await p2.click(invitation, label="Accept"))
    assert stranger.ephemeral
    assert stranger.message.content == f"Only <@{p1.id}> can answer this invitation."
    _, elsewhere, (zoe,) = make_world(simcord_env, "zoe", admin="zoe")
    await zoe.slash(elsewhere, "tournament new")
    carry_buttons(simcord_env, signup(elsewhere), invitation)
    foreign = answer(await zoe.click(signup(elsewhere), label="Accept"))
    assert foreign.message.content == "No such tournament on this server."
    declined = answer(await p1.click(invitation, label="Decline"))
    assert declined.message.content == "You declined p0's invitation to tournament #1."
    shown = current(simcord_env, invitation)
    assert shown.content == f"<@{p1.id}> declined **p0**'s invitation to tournament #1."
    assert not buttons(shown) and "No one yet" in signup(channel).embeds[0].fields[0].value

    await p0.slash(channel, "tournament join", partner=p1)
    accepted = answer(await p1.click(invitation_to(channel, p1), label="Accept"))
    assert accepted.message.content == "You are in tournament #1 (1/8)."
    shown = current(simcord_env, invitation_to(channel, p1))
    assert shown.content == (
        f"🤝 <@{p1.id}> accepted **p0**'s invitation: **p0 & p1** are in tournament #1."
    )
    assert not buttons(shown) and "p0 & p1" in signup(channel).embeds[0].fields[0].value
    for first, second in zip(members[2:8:2], members[3:8:2], strict=True):
        await first.slash(channel, "tournament join", partner=second)
        await second.click(invitation_to(channel, second), label="Accept")
    late = await members[8].slash(channel, "tournament join", partner=members[9])
    assert "Your invitation is posted" in answer(late).message.content
    pending = invitation_to(channel, members[9])
    await p0.click(signup(channel), label="Start")
    closed = current(simcord_env, pending)
    assert closed.content == (
        f"**p8**'s invitation to <@{members[9].id}> is cancelled: "
        "tournament #1's sign-up has closed."
    )
    assert not buttons(closed)
    tournament = simcord_env.bot.tournaments.get(1)
    assert [e.name for e in tournament.entrants] == ["p0 & p1", "p2 & p3", "p4 & p5", "p6 & p7"]


async def test_a_knockout_semi_final_both_sides_left_to_the_bot_advances_nobody(simcord_env):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", format="knockout", timer=30
    )
    for member in members:
        await member.click(signup(channel), label="Join")
    await members[0].click(signup(channel), label="Start")
    service = simcord_env.bot.tournaments
    by_id = {m.id: m for m in members}
    idle, played = service.get(1).round_pairings(1)
    table = simcord_env.bot.service.tables[played.table_id or 0]
    players = [by_id[seat.user_id] for seat in table.seats]
    await ThreadDriver(
        simcord_env, channel, players, fixed=thread_of(channel, table.id)
    ).play_to_end()
    for _ in range(200):  # nobody moves at the other semi-final: the bot plays it all
        if not simcord_env.bot.service.tables[idle.table_id or 0].is_live:
            break
        await simcord_env.advance_time(31)

    said = [m for m in thread_of(channel, idle.table_id or 0).history()]
    texts = [message_text(m) + "".join(f"{e.title}{e.description}" for e in m.embeds) for m in said]
    assert not any("wins the match" in text for text in texts), "no winner announced"
    result = next(text for text in texts if "decided by forfeit" in text)
    assert "No one made a move here" in result and "no rating moves" in result, result
    tournament = Tournament.from_row(await simcord_env.bot.storage.tournament_row(1) or {})
    idlers = [by_id[n] for e in (idle.a, idle.b) for n in tournament.entrant(e).members]
    for member in idlers:
        stats = answer(await member.slash(channel, "stats")).message
        assert "No finished matches yet." in message_text(stats), "no rating moves"

    played = tournament.round_pairings(1)[1]
    final = tournament.round_pairings(2)
    assert len(final) == 1 and final[0].table_id is None, "no final is played"
    assert final[0].decided_by == "walkover" and final[0].winner == played.winner
    assert tournament.status == "finished"
    winner = tournament.entrant(played.winner or 0).name
    loser = tournament.entrant(played.a if played.winner == played.b else played.b).name
    field = standings_messages(channel)[0].embeds[0].fields[0].value
    assert "walkover" in field and "both forfeited" in field, field
    podium = [m for m in channel.history() if m.embeds and "podium" in (m.embeds[0].title or "")]
    assert podium[0].embeds[0].description.splitlines() == [f"🥇 {winner}", f"🥉 {loser}"]


@pytest.mark.parametrize("format", ["swiss", "knockout"])
async def test_three_members_and_the_hard_bot_make_four(simcord_env, format):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", format=format, bots=True
    )
    assert "the hard bot fills an odd field" in signup(channel).embeds[0].description
    for member in members:
        await member.click(signup(channel), label="Join")
    started = answer(await members[0].click(signup(channel), label="Start"))
    assert "has started" in started.message.content, started.message.content
    tournament = simcord_env.bot.tournaments.get(1)
    assert [e.bot for e in tournament.entrants] == [False, False, False, True]
    assert len(tournament.round_pairings(1)) == 2 and len(channel.threads) == 2, "no bye"


async def test_a_four_entrant_knockout_says_two_rounds(simcord_env):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", "eva", format="knockout"
    )
    for member in members:
        await member.click(signup(channel), label="Join")
    assert "3 rounds" in signup(channel).embeds[0].description, "five entrants: three rounds"
    await members[4].click(signup(channel), label="Leave")
    about = signup(channel).embeds[0].description
    assert "2 rounds for 4 entrants, up to 4 with 16 · " in about, "16 places: it may grow"
    await members[0].click(signup(channel), label="Start")
    about = signup(channel).embeds[0].description
    assert "Knock-out · 2 rounds · " in about, "started: its rounds are known"
    standings = standings_messages(channel)[0]
    assert "round 1 of 2" in standings.embeds[0].title
    bracket = Image.open(io.BytesIO(await standings.attachments[0].read()))
    assert bracket.width == 20 + 2 * COLUMN, "the semi-finals' column and the final's"


async def test_a_swiss_plays_the_rounds_its_field_needs(simcord_env):
    channel, members = await open_tournament(
        simcord_env, "ana", "bob", "cai", "dan", "eva", "fay", format="swiss"
    )
    about = signup(channel).embeds[0].description
    assert "3 rounds" in about, "not 16 entrants' five"
    assert "one-hand matches" in about, "how long a match is"
    for member in members[:5]:
        await member.click(signup(channel), label="Join")
    assert "4 rounds" in signup(channel).embeds[0].description, "five entrants: ⌈log2 5⌉ + 1"
    await members[4].click(signup(channel), label="Leave")
    await members[0].click(signup(channel), label="Start")
    assert "round 1 of 3" in standings_messages(channel)[0].embeds[0].title


async def test_a_double_click_on_leave_is_answered_as_the_first_click(simcord_env):
    """Two Leave clicks close together (the second handled after the first) told the
    member "You left" and then "You are not in this tournament": the second is now
    answered as the first, and one who never joined is still told so."""
    channel, members = await open_tournament(simcord_env, "ana", "bob", "cai", "dan")
    ana, bob = members[:2]
    for member in members[1:]:
        await member.click(signup(channel), label="Join")
    first = answer(await bob.click(signup(channel), label="Leave"))
    second = answer(await bob.click(signup(channel), label="Leave"))
    assert first.content == second.content == "You left tournament #1."
    never = answer(await ana.click(signup(channel), label="Leave"))
    assert never.content.startswith("You are not in this tournament")

    for member in (ana, bob):  # bob comes back: four entrants
        await member.click(signup(channel), label="Join")
    await ana.click(signup(channel), label="Start")
    assert not signup(channel).components, "it runs"
    cai = members[2]  # once it runs, /tournament leave withdraws: twice, as once
    first = answer(await cai.slash(channel, "tournament leave"))
    second = answer(await cai.slash(channel, "tournament leave"))
    assert first.content == second.content and "You withdrew" in first.content, first.content
