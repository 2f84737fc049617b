"""Helpers shared by the worked-example tests (``test_worked_*.py``).

Cards are written as text (``"7o Sc Rb"``) throughout; positions are built with
``Game.new_position``, which takes card ints or such text alike.
"""

from __future__ import annotations

from bot.games import format_move, parse_card, parse_cards, parse_move


def codes(text: str) -> set[int]:
    """The cards named in ``text``, as a set of card ints."""
    return set(parse_cards(text))


def unused(*used: str) -> tuple[int, ...]:
    """Every card named in none of ``used``, in id order."""
    taken = set()
    for text in used:
        taken |= codes(text)
    return tuple(card for card in range(40) if card not in taken)


def tops_of(*tops: str | None) -> list[int]:
    """Pile tops given as codes, ``None`` (or ``""``) for a seat with no top."""
    return [parse_card(top) if top else -1 for top in tops]


def position(game, hands, table="", *, spare: int = 2, tops=None, **kwargs):
    """A hand in progress that does not end after the next play.

    The stock holds the first ``spare`` cards named nowhere else (in hands,
    table or ``piles``); ``tops`` are given as codes (see ``tops_of``).
    """
    stock = unused(table, *hands, *(kwargs.get("piles") or ()))[:spare]
    if tops:
        kwargs["tops"] = tops_of(*tops)
    return game.new_position(hands, table, stock=stock, **kwargs)


def texts(moves) -> list[str]:
    """Moves in the engine's spelling, sorted: compare with ``norm``."""
    return sorted(format_move(move) for move in moves)


def norm(*moves: str) -> list[str]:
    """Expected moves in the engine's spelling (captured cards in id order)."""
    return sorted(format_move(parse_move(move)) for move in moves)


def only(events, kind: str):
    """The one event of ``kind`` among ``events`` (fails unless exactly one)."""
    found = [event for event in events if event.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event in {events}"
    return found[0]


def play(state, *moves: str):
    """Apply moves given as text; return the final state and all events."""
    events = []
    for text in moves:
        state, new = state.apply(parse_move(text))
        events += new
    return state, events


def nonzero(points: dict[str, int]) -> dict[str, int]:
    """A score's points without the categories that scored nothing."""
    return {category: value for category, value in points.items() if value}
