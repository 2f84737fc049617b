"""Puzzles through SimCord: /puzzle play serves a puzzle privately, a right move plays
the reply and goes on until solved, a wrong one is explained; the first attempt alone
moves the ratings; a restart in the middle keeps the attempt; the puzzle of the day is
the same on every server and has its board; the message never shows a card the mover
could not know; bad input gets a clear answer.

The puzzles are built here by hand: a two-player last deal of Scopa whose answer (two
moves to find, each the only one keeping the best result) a brute force finds."""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import orjson

from bot.client import create_bot
from bot.games import State, make_game, move_card
from bot.games.events import HandScored
from bot.puzzles.mine import GAMES, mine_match
from bot.puzzles.puzzle import Puzzle
from bot.screens.cards import CardWords
from bot.storage import Storage
from tests.discord_helpers import (
    answer,
    buttons,
    current,
    field_value,
    make_world,
    message_text,
    texts,
)
from tests.test_bot_replay import finished_match

DAY = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
ME = 0


# -- the puzzles, found by brute force ----------


def _ended(events: list, seat: int) -> int | None:
    for event in events:
        if isinstance(event, HandScored):
            totals = event.score.totals
            return totals[seat] - totals[1 - seat]
    return None


def _values(state: State, seat: int) -> dict[int, int]:
    """Every legal move's exact value for ``seat`` (the hand's point margin)."""
    values = {}
    for move in state.legal_moves():
        after, events = state.apply(move)
        value = _ended(events, seat)
        if value is None:
            follow = _values(after, seat).values()
            value = max(follow) if after.turn == seat else min(follow)
        values[move] = value
    return values


def answer_line(state: State, seat: int) -> list[int]:
    """The member's unique best moves (by a point at least) and the best replies."""
    line: list[int] = []
    while not state.is_over:
        values = _values(state, seat)
        ranked = sorted(values.values(), reverse=True)
        if state.turn == seat and (len(ranked) < 2 or ranked[0] - ranked[1] < 1):
            break
        pick = max if state.turn == seat else min
        move = pick(values, key=lambda m: values[m])
        line.append(move)
        state, events = state.apply(move)
        if _ended(events, seat) is not None:
            break
    return line


def multi_move_puzzle(name: str = "scopa") -> Puzzle:
    """A last deal (three cards each) whose answer has two moves to find."""
    game = make_game(name, {})
    rng = random.Random(5)
    while True:
        deck = list(range(40))
        rng.shuffle(deck)
        state = game.new_position(
            [deck[:3], deck[3:6]], deck[6:9], turn=ME, piles=[deck[9:24], deck[24:]]
        )
        line = answer_line(state, ME)
        if len(line[::2]) >= 2:
            return Puzzle(name, ME, state.to_dict(), tuple(line), 1.0, True, ("sweep",))


def early_puzzle() -> Puzzle:
    """A position with cards still in the stock (three in each hand)."""
    game = make_game("scopa", {})
    state = game.new_position(["7o 3c 5b", "2o 4e 6c"], "1b 2c 4o", stock="Rb Sc 1o 3e")
    move = state.legal_moves()[0]
    return Puzzle("scopa", ME, state.to_dict(), (move,), 1.0, False, ("seven_of_coins",))


async def store(storage: Storage, *puzzles: Puzzle) -> list[int]:
    """Store puzzles as the miner does (``add_puzzles``); their ids."""
    assert await storage.add_puzzles(puzzles) == len(puzzles)
    ids = []
    for puzzle in puzzles:
        row = await storage.db.fetch_one("SELECT id FROM puzzles WHERE key = ?", (puzzle.key,))
        assert row is not None
        ids.append(row["id"])
    return ids


# -- driving the puzzle message ----------


def puzzle_ids(message, kind: str) -> list[str]:
    return [
        b.custom_id or ""
        for b in buttons(message)
        if re.match(rf"esc:pz:\d+:\d+:{kind}:", b.custom_id or "")
    ]


def card_button(message, card: int) -> str:
    return next(i for i in puzzle_ids(message, "c") if i.split(":")[5] == f"{card:x}")


async def play(member, message, env, move: int):
    """Play ``move`` through the buttons: its card, then its capture when asked."""
    await member.click(message, custom_id=card_button(message, move_card(move)))
    message = current(env, message)
    if captures := puzzle_ids(message, "m"):
        pick = next(i for i in captures if int(i.split(":")[5], 16) == move)
        await member.click(message, custom_id=pick)
        message = current(env, message)
    return message


def words(message) -> str:
    return "\n".join(texts(message))


def at_clock(env, when: datetime) -> list[datetime]:
    now = [when]
    env.bot.clock = lambda: now[0]
    return now


# -- the tests ----------


async def test_a_whole_multi_move_puzzle_is_solved_and_rated_once(simcord_env):
    puzzle = multi_move_puzzle()
    (number,) = await store(simcord_env.bot.storage, puzzle)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    shown = answer(await ana.slash(channel, "puzzle play"))
    assert shown.ephemeral, "a puzzle is private"
    message = shown.message
    assert words(message).startswith(f"### 🧩 Puzzle #{number} · Scopa")
    assert "moves to find: 2" in words(message)
    assert len(puzzle_ids(message, "c")) == 3, "the member's three cards as buttons"

    message = await play(ana, message, simcord_env, puzzle.line[0])
    text = words(message)
    assert "✔️ You:" in text and "↩️ The reply:" in text, "the reply is shown"
    assert "Solved" not in text and len(puzzle_ids(message, "c")) == 2
    message = await play(ana, message, simcord_env, puzzle.line[2])
    text = words(message)
    assert "🎉 **Solved!**" in text
    assert "Puzzle rating: 1500 → **1662** (+162)" in text
    assert "🔥 Streak: 1 puzzle solved in a row" in text
    storage = simcord_env.bot.storage
    record = await storage.puzzle_record(ana.id)
    assert (record.attempts, record.solved, record.rating.shown) == (1, 1, 1662)
    rated = await storage.stored_puzzle(number)
    assert rated is not None and rated.rating.shown == 1338 and rated.attempts == 1

    await ana.click(message, label="Retry")
    message = current(simcord_env, message)
    assert len(puzzle_ids(message, "c")) == 3, "played again from its start"
    message = await play(ana, message, simcord_env, puzzle.line[0])
    message = await play(ana, message, simcord_env, puzzle.line[2])
    assert "A retry: your rating stays as it was." in words(message)
    assert await storage.puzzle_record(ana.id) == record, "a retry moves nothing"
    again = await storage.stored_puzzle(number)
    assert again is not None and again.rating == rated.rating

    stats = answer(await ana.slash(channel, "stats")).message.embeds[0]
    puzzles = field_value(stats, "🧩 Puzzles")
    assert "Rating **1662?** · 1 solved of 1 · best streak 1" in puzzles, "provisional: ?"
    assert "+162 over the last puzzle" in puzzles, "the trend"


async def test_a_wrong_answer_shows_the_best_move_why_and_the_loss(simcord_env):
    puzzle = multi_move_puzzle()
    await store(simcord_env.bot.storage, puzzle)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    message = answer(await ana.slash(channel, "puzzle play")).message
    state = puzzle.position()
    wrong = next(m for m in state.legal_moves() if m != puzzle.line[0])
    after = await play(ana, message, simcord_env, wrong)
    text = words(after)
    assert "❌ Not this one:" in text and "✅ Best:" in text
    assert "Why: A sweep" in text, "the puzzle's themes say why"
    assert "Any other move loses at least 1 point of the hand." in text
    assert "Puzzle rating: 1500 → **1338** (-162)" in text
    assert not puzzle_ids(after, "c"), "the attempt is over"
    assert {b.label for b in buttons(after)} >= {"Retry", "See the answer played", "Next puzzle"}

    line = answer(await ana.click(after, label="See the answer played")).message
    assert "the answer" in words(line) and "**2.** Opponent:" in words(line)


async def test_a_restart_in_the_middle_of_a_puzzle_keeps_it(simcord_env, bot_settings):
    puzzle = multi_move_puzzle()
    await store(simcord_env.bot.storage, puzzle)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    message = answer(await ana.slash(channel, "puzzle play")).message
    message = await play(ana, message, simcord_env, puzzle.line[0])

    await simcord_env.restart_bot(create_bot(bot_settings))
    message = await play(ana, current(simcord_env, message), simcord_env, puzzle.line[2])
    assert "🎉 **Solved!**" in words(message), "the attempt went on where it was"


async def test_the_daily_puzzle_is_the_same_on_two_servers_and_has_its_board(simcord_env):
    now = at_clock(simcord_env, DAY)
    puzzle = multi_move_puzzle()
    await store(simcord_env.bot.storage, puzzle, early_puzzle())
    _, here, (ana, cid) = make_world(simcord_env, "ana", "cid")
    _, there, (bob,) = make_world(simcord_env, "bob")
    first = answer(await ana.slash(here, "puzzle daily")).message
    other = answer(await bob.slash(there, "puzzle daily")).message
    heading = texts(first)[0]
    assert heading.startswith("### 🧩 Puzzle of the day · Scopa · 2026-11-26")
    assert "🔒 Answer sealed:" in heading and texts(other)[0] == heading, "one puzzle for all"
    if "moves to find: 2" not in heading:  # the early one was picked: play its one move
        puzzle = early_puzzle()

    solved = first
    for move in puzzle.line[::2]:
        solved = await play(ana, solved, simcord_env, move)
    assert "🎉 **Solved!**" in words(solved)
    assert "Today here: 1 solved of 1 · worldwide: 1 of 1" in words(solved)
    assert "Solved here: ana" in words(solved)
    wrong = next(m for m in puzzle.position().legal_moves() if m != puzzle.line[0])
    failed = await play(bob, other, simcord_env, wrong)
    assert "Today here: 0 solved of 1 · worldwide: 1 of 2" in words(failed)

    again = answer(await cid.slash(here, "puzzle daily")).message
    assert texts(again)[0].splitlines()[:2] == heading.splitlines()[:2]
    now[0] = DAY + timedelta(days=1)
    late = answer(await cid.click(again, custom_id=puzzle_ids(again, "c")[0]))
    assert "That was the puzzle of 2026-11-26: its day is over." in (late.content or "")

    today = texts(answer(await cid.slash(here, "puzzle daily")).message)[0]
    assert "Puzzle of the day · Scopa · 2026-11-27" in today
    shown = re.search(r"#(\d+): seal `(\w+)`, answer `(\[[\d,]*\])`.* is `(\w+)`", today)
    assert shown is not None, today
    number, seal, line, sealed = shown.groups()
    assert line == orjson.dumps(list(puzzle.line)).decode(), "yesterday's answer revealed"
    assert hashlib.sha256(f"{seal}:{number}:{line}".encode()).hexdigest() == sealed
    assert f"Answer sealed: {sealed[:16]}…" in heading, "the commitment shown that day"


async def test_a_puzzle_never_shows_a_card_the_mover_could_not_know(simcord_env):
    early = early_puzzle()
    await store(simcord_env.bot.storage, early)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    cards = CardWords("italian", "en", simcord_env.bot.croupier.port.card_faces)
    message = answer(await ana.slash(channel, "puzzle play")).message
    text = message_text(message)
    state = early.position()
    hidden = [*state.hands[1], *state.deck[state.pos :]]
    assert len(hidden) == 7
    for card in hidden:
        assert cards.short(card) not in text and cards.name(card) not in text, card
    for card in state.hands[ME]:
        assert cards.short(card) in text, "the member's own hand is shown"
    assert "7 cards you have not seen yet" in text
    assert "Opponent: 3 cards in hand" in text

    last = multi_move_puzzle()
    await store(simcord_env.bot.storage, last)
    state = last.position()
    message = answer(await ana.slash(channel, "puzzle play")).message
    counted = [line for line in words(message).splitlines() if "Still out" in line]
    others = [line for line in words(message).splitlines() if "Still out" not in line]
    for card in state.hands[1]:
        assert all(cards.short(card) not in line for line in others), card
        assert cards.short(card) in counted[0], "counting, the mover knows the other hand"


async def test_bad_input_gets_a_clear_answer(simcord_env):
    _, channel, (ana,) = make_world(simcord_env, "ana")
    nothing = answer(await ana.slash(channel, "puzzle play"))
    assert "There are no puzzles yet" in (nothing.message.content or "")
    puzzle = multi_move_puzzle()
    await store(simcord_env.bot.storage, puzzle)
    none = answer(await ana.slash(channel, "puzzle play", game="rubamazzo"))
    assert "No puzzles yet for Rubamazzo" in (none.message.content or "")
    themed = answer(await ana.slash(channel, "puzzle play", theme="primiera"))
    assert "No puzzles yet for Primiera" in (themed.message.content or "")

    at_clock(simcord_env, DAY)
    message = answer(await ana.slash(channel, "puzzle daily")).message
    twice = answer(await ana.slash(channel, "puzzle daily")).message  # two messages, one try
    solved = await play(ana, message, simcord_env, puzzle.line[0])
    solved = await play(ana, solved, simcord_env, puzzle.line[2])
    assert "🎉 **Solved!**" in words(solved)
    await ana.click(twice, custom_id=puzzle_ids(twice, "c")[0])
    assert "You have solved this puzzle already" in words(current(simcord_env, twice))
    done = answer(await ana.slash(channel, "puzzle play"))
    assert "You have tried every puzzle there is" in (done.message.content or "")


async def test_the_reviews_key_moments_offer_a_puzzle_to_practise(simcord_env):
    puzzle = replace(multi_move_puzzle("escoba"), themes=("sweep", "seven_of_coins"))
    await store(simcord_env.bot.storage, puzzle)
    channel, (ana, _) = await finished_match(simcord_env, "ana", "bob")
    review = answer(await ana.slash(channel, "review")).message
    practise = [b for b in buttons(review) if (b.label or "").startswith("Practise this (move ")]
    assert practise, "each key moment offers a puzzle"
    served = answer(await ana.click(review, custom_id=practise[0].custom_id))
    assert served.ephemeral
    assert words(served.message).startswith("### 🧩 Puzzle #1 · Escoba"), "a puzzle of its game"
    (next_id,) = [b.custom_id for b in buttons(served.message) if b.label == "Next puzzle"]
    assert (next_id or "").startswith("esc:pznext:escoba:"), "Next serves alike"


async def test_a_click_from_an_older_message_shows_the_puzzle_as_it_stands(simcord_env):
    at_clock(simcord_env, DAY)
    puzzle = multi_move_puzzle()
    await store(simcord_env.bot.storage, puzzle)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    older = answer(await ana.slash(channel, "puzzle daily")).message
    newer = answer(await ana.slash(channel, "puzzle daily")).message
    await play(ana, newer, simcord_env, puzzle.line[0])
    await ana.click(older, custom_id=card_button(older, move_card(puzzle.line[2])))
    older = current(simcord_env, older)
    assert "That button was out of date: here is the puzzle as it stands." in words(older)
    assert len(puzzle_ids(older, "c")) == 2, "brought up to date: nothing played twice"
    attempt = await simcord_env.bot.storage.attempt(ana.id, 1)
    assert attempt is not None and attempt.step == 2 and attempt.status == "playing"


async def test_a_rubamazzo_puzzle_shows_the_piles_tops_that_can_be_stolen(simcord_env):
    game = make_game("rubamazzo", {})
    state = game.new_position(
        ["7o 3c", "2o 4e"], "1b 5c", piles=["6o", "3b 7e"], tops=[6, 36], turn=ME
    )
    puzzle = Puzzle("rubamazzo", ME, state.to_dict(), (state.legal_moves()[0],), 1.0, True)
    await store(simcord_env.bot.storage, puzzle)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    cards = CardWords("italian", "en", simcord_env.bot.croupier.port.card_faces)
    text = words(answer(await ana.slash(channel, "puzzle play")).message)
    assert f"Opponent: 2 cards in hand · 2 cards · on top: {cards.short(36)}" in text


async def test_mined_puzzles_of_every_game_are_solved_through_their_buttons(simcord_env):
    """One puzzle the miner finds in a match of each game, played as a member would."""
    mined = []
    for name in GAMES:
        mined.append(next(p for seed in range(40) for p in mine_match(name, seed)))
    await store(simcord_env.bot.storage, *mined)
    _, channel, (ana,) = make_world(simcord_env, "ana")
    for _ in mined:
        message = answer(await ana.slash(channel, "puzzle play")).message
        number = int(re.findall(r"Puzzle #(\d+)", words(message))[0])
        puzzle = mined[number - 1]
        state = puzzle.position()
        if puzzle.game == "scopone":  # three hands hidden: only how many cards are unseen
            assert "Still out" not in words(message)
            assert "cards you have not seen yet" in words(message)
        for move in puzzle.line:
            if state.turn == puzzle.seat:
                message = await play(ana, message, simcord_env, move)
            state, _ = state.apply(move)
        assert "🎉 **Solved!**" in words(message), puzzle.source
