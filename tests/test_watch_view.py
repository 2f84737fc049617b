"""The watch view is drawn from what every player may see: ``PublicTable`` holds no
engine state, and a match whose hands differ but whose public board is the same looks
the same to watchers, text, buttons and picture alike."""

from __future__ import annotations

import dataclasses
import inspect
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bot.games import State
from bot.screens.cards import CardFaces
from bot.screens.watch import PublicTable, public_table, watch_layout, watch_pictures
from bot.screens.watch_list import Listed
from bot.tables import Seat
from bot.tables.lobby import paired
from bot.tables.play import start
from bot.watching.listing import MAX_LISTED, ranked


def match(game: str, seed: int):
    sides = [[Seat(user_id=10 + side, name=f"🐢 {1000 + side}")] for side in range(2)]
    table = paired(1, game, sides)
    table.id = 7
    start(table, seed, 0.0)
    return table


def private_parts(value, path: str = "seen") -> list[str]:
    """Where in ``value`` an engine state, a hand or a seed could hide."""
    found = []
    if isinstance(value, State):
        return [path]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    elif isinstance(value, BaseModel):
        items = dict(value)
    elif isinstance(value, dict):
        items = {str(k): v for k, v in value.items()}
    elif isinstance(value, (list, tuple)):
        items = {str(i): v for i, v in enumerate(value)}
    else:
        return []
    for name, item in items.items():
        cards = isinstance(item, (list, tuple)) and all(isinstance(c, int) for c in item)
        if (name in ("hands", "seed", "legal_moves") and item) or (name == "hand" and cards):
            found.append(f"{path}.{name}")  # (``log.hand`` is the hand's public story)
        found += private_parts(item, f"{path}.{name}")
    return found


def test_the_picture_and_the_view_take_only_the_public_table():
    for function in (watch_pictures, watch_layout):
        first = next(iter(inspect.signature(function).parameters.values()))
        assert first.annotation in ("PublicTable", PublicTable)
    seen = public_table(match("scopa", 3))
    assert seen.shell.state is None
    assert private_parts(seen) == []


async def drawn(seen: PublicTable) -> tuple[str, list[bytes]]:
    layout = watch_layout(seen, "en", CardFaces({}))
    pictures = [file.fp.read() for file in await watch_pictures(seen)]
    return json.dumps(layout.to_components(), sort_keys=True), pictures


@pytest.mark.parametrize("game", ["escoba", "scopa", "cirulla", "rubamazzo"])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31))
async def test_hands_swapped_look_the_same_to_watchers(game, seed):
    table = match(game, seed)
    other = table.copy()
    other.state = table.match.copy()
    other.state.hands = [table.match.hands[1], table.match.hands[0]]
    assert other.match.public_observation() == table.match.public_observation()
    assert await drawn(public_table(table)) == await drawn(public_table(other))


def test_the_list_puts_a_final_first_then_tournaments_friends_and_ratings():
    def listed(table_id, *, marker=None, final=False, rating=0, friend=False):
        table = match("scopa", table_id)
        table.id = table_id
        table.settings.quick = None
        table.settings.tournament = marker
        return Listed(public_table(table), final, rating, friend)

    matches = [
        listed(1, rating=1500),
        listed(2, rating=1700),
        listed(5, rating=900, friend=True),
        listed(3, marker="1/1/2"),
        listed(4, marker="1/2/1", final=True),
        *(listed(10 + n) for n in range(12)),
    ]
    order = [entry.seen.shell.id for entry in ranked(matches)]
    assert order[:5] == [4, 3, 5, 2, 1]
    assert len(order) == MAX_LISTED
