"""What members read says it right: counts that agree with their number, a named
variant called by its name."""

from __future__ import annotations

import pytest

from bot.games.fairness import Verdict
from bot.screens.verify import verdict_embed
from bot.tables import Seat, Table, validate_options
from bot.tables.play import start


def started(game: str, **options) -> Table:
    seats = [Seat(user_id=1, name="Ana"), Seat(user_id=2, name="Bob")]
    table = Table(1, 1, 1, 1, game, validate_options(game, options), "en", seats=seats)
    start(table, "1", 0.0)
    return table


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "1 hand dealt again from the seed and 1 move replayed"),
        ("es", "1 mano repartida de nuevo con la semilla y 1 jugada repetida"),
        ("it", "1 mano ridistribuita dal seme e 1 mossa rigiocata"),
    ],
)
def test_one_move_replayed_is_said_in_the_singular(lang, said):
    shown = verdict_embed(started("escoba"), Verdict(hands=1, moves=1), lang)
    assert said in (shown.description or "")


def test_many_moves_replayed_are_said_in_the_plural():
    shown = verdict_embed(started("escoba"), Verdict(hands=1, moves=36), "en")
    assert "1 hand dealt again from the seed and 36 moves replayed" in (shown.description or "")
