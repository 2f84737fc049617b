"""What members read says it right: counts that agree with their number, a named
variant called by its name."""

from __future__ import annotations

import pytest

from bot.games.fairness import Verdict
from bot.games.scopa import Scopa
from bot.screens.cards import CardFaces
from bot.screens.hand_score import hand_score_embed
from bot.screens.history import score_sheet_embed
from bot.screens.verify import verdict_embed
from bot.tables import Seat, Table, validate_options
from bot.tables.play import start

PRESETS = Scopa.presets


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


def hand_scored(table: Table) -> dict:
    """The first hand's score as the log keeps it, nobody scoring."""
    sides = len(table.engine.sides)
    empty = [{} for _ in range(sides)]
    return {"hand": 0, "score": {"points": empty, "stats": empty}, "totals": [0] * sides}


@pytest.mark.parametrize(
    ("options", "name"),
    [({"capture_mode": "fifteen"}, "Scopa a 15"), (PRESETS["scopa_d_assi"], "Scopa d'Assi")],
)
def test_a_named_variants_results_are_titled_by_its_name(options, name):
    table = started("scopa", **options)
    event = hand_scored(table)
    hand = hand_score_embed(table, event, "en", CardFaces())
    assert hand.title == f"{name} · hand 1 results"
    sheet = score_sheet_embed(table, [event], {}, "en")
    assert (sheet.title or "").startswith(f"{name} · table #1")
