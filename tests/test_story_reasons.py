"""The move log says why a special capture took what it took, in every language: the
matta's value, a fifteen where capturing by value is the usual way, the ace that takes
the whole table, and the dealer's first table."""

from __future__ import annotations

import pytest

from bot.games import parse_card, parse_cards
from bot.games.cirulla import MATTA
from bot.screens.cards import CardFaces
from bot.screens.common import card_words
from bot.screens.story import describe_events
from bot.tables import Seat, Table, validate_options

LANGS = ("en", "es", "it")


def table_of(game: str, **options) -> Table:
    seats = [Seat(user_id=1, name="Ana"), Seat(user_id=2, name="Bob")]
    return Table(1, 1, 1, 1, game, validate_options(game, options), "en", seats=seats)


def story(table: Table, lang: str, event: dict) -> str:
    (line,) = describe_events(table, [event], card_words(table, lang, CardFaces()))
    return line


def captured(card: int, cards: tuple[int, ...], value: int = 0) -> dict:
    return {
        "kind": "captured",
        "seat": 0,
        "card": card,
        "cards": list(cards),
        "sweep": False,
        "value": value,
    }


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "the matta, as 4"), ("es", "la matta, como 4"), ("it", "la matta, come 4")],
)
def test_the_matta_says_what_it_counted_as(lang, said):
    line = story(table_of("cirulla"), lang, captured(MATTA, parse_cards("4o"), value=4))
    assert said in line


@pytest.mark.parametrize("lang", LANGS)
def test_scopa_a_15_says_its_fifteens(lang):
    table = table_of("scopa", capture_mode="fifteen")
    line = story(table, lang, captured(parse_card("3o"), parse_cards(["5c", "7e"])))
    assert line.endswith("(3 + 5 + 7 = 15)")


@pytest.mark.parametrize("lang", LANGS)
def test_escoba_needs_no_word_on_fifteens(lang):
    line = story(table_of("escoba"), lang, captured(parse_card("3o"), parse_cards(["5c", "7e"])))
    assert "= 15" not in line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the ace takes the whole table"),
        ("es", "el as se lleva toda la mesa"),
        ("it", "l'asso piglia tutto"),
    ],
)
@pytest.mark.parametrize("options", [("cirulla", {}), ("scopa", {"ace_takes_all": True})])
def test_the_ace_that_takes_the_whole_table_says_so(lang, said, options):
    table = table_of(options[0], **options[1])
    line = story(table, lang, captured(parse_card("1o"), parse_cards(["5c", "6e"])))
    assert said in line


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "since it adds up to 15"), ("es", "porque suma 15"), ("it", "perché fanno 15")],
)
def test_the_dealers_first_table_says_why(lang, said):
    event = {
        "kind": "initial_sweep",
        "seat": 0,
        "cards": list(parse_cards(["1o", "2c", "5e", "7b"])),
        "sweeps": 1,
    }
    assert said in story(table_of("escoba"), lang, event)


@pytest.mark.parametrize(
    ("lang", "matta", "total"),
    [
        ("en", "7 of hearts (the matta, as 6) + 2", "since it adds up to 15"),
        ("es", "7 de corazones (la matta, como 6) + 2", "porque suma 15"),
        ("it", "7 di cuori (la matta, come 6) + 2", "perché fanno 15"),
    ],
)
def test_a_first_table_counts_the_matta_as_the_rule_does(lang, matta, total):
    """The matta is wild on a first table (RULES.md G.3.2): 7 of hearts, 2, 4 and 3 make
    15 with it counted 6, as the sweep did, not 16."""
    cards = parse_cards(["7c", "2o", "4e", "3b"])
    event = {"kind": "initial_sweep", "seat": 0, "cards": list(cards), "sweeps": 1}
    line = story(table_of("cirulla"), lang, event)
    assert matta in line and total in line


def test_captures_that_differ_only_by_suit_are_named():
    from bot.games import mask_of
    from bot.games.moves import make_move
    from bot.screens.cards import wanted_emojis
    from bot.screens.hand_panel import CardChoice, choice_lines

    table = table_of("escoba")
    seven = parse_card("7o")
    moves = tuple(
        make_move(seven, mask_of(parse_cards(pair))) for pair in (["5c", "3e"], ["5c", "3b"])
    )
    faces = CardFaces()
    faces.add({name: index + 1 for index, name in enumerate(wanted_emojis())})
    lines = choice_lines(table, CardChoice(seven, moves), card_words(table, "en", faces))
    first, second = lines.splitlines()
    assert first.endswith("(5 of cups + 3 of swords)"), first
    assert second.endswith("(5 of cups + 3 of clubs)"), "the emojis alone read alike"


@pytest.mark.parametrize(
    ("lang", "theirs", "mine"),
    [
        ("en", "Bob plays 3 of cups and steals your pile (4 cards)", "You play 3 of coins and"),
        ("es", "Bob juega 3 de copas y roba tu montón (4 cartas)", "Juegas 3 de oros y robas"),
        (
            "it",
            "Bob gioca 3 di coppe e ruba il tuo mazzetto (4 carte)",
            "Giochi 3 di denari e rubi",
        ),
    ],
)
def test_a_member_reads_their_own_steals_and_the_ones_from_their_pile(lang, theirs, mine):
    table = table_of("rubamazzo")
    cards = card_words(table, lang, CardFaces())

    def stole(seat: int, card: str) -> dict:
        return {
            "kind": "stole",
            "seat": seat,
            "card": parse_card(card),
            "cards": [],
            "victims": [1 - seat],
            "pile_cards": 4,
        }

    assert describe_events(table, [stole(1, "3c")], cards, you=0) == [theirs]
    (line,) = describe_events(table, [stole(0, "3o")], cards, you=0)
    assert line.startswith(mine) and "Bob" in line
