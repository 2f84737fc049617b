"""The engine's public API: cards, options, moves, errors, serialisation, the bench."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.games import (
    CardError,
    IllegalMoveError,
    MoveParseError,
    OptionsError,
    State,
    StateFormatError,
    bench,
    card_code,
    card_label,
    format_move,
    make_game,
    parse_card,
    parse_cards,
    parse_move,
    parse_options,
)


def test_card_codes_round_trip_for_all_40_cards():
    codes = [card_code(card) for card in range(40)]
    assert len(set(codes)) == 40
    assert [parse_card(code) for code in codes] == list(range(40))
    assert parse_card("7o") == 6 and card_code(parse_card("rb")) == "Rb"


@pytest.mark.parametrize(
    ("deck", "code", "label"),
    [
        ("spanish", "Sc", "Sc"),
        ("italian", "7o", "7d"),
        ("italian", "Se", "Fs"),
        ("italian", "Rb", "Rb"),
        ("french_faces", "Sc", "J♥"),
        ("french_faces", "1e", "A♠"),
        ("french_numeric", "Rb", "10♣"),
        ("french_numeric", "So", "8♦"),
    ],
)
def test_deck_presentations(deck, code, label):
    assert card_label(parse_card(code), deck) == label
    assert parse_card(label, deck) == parse_card(code)


def test_every_deck_labels_40_distinct_cards():
    for deck in ("spanish", "italian", "french_faces", "french_numeric"):
        assert len({card_label(card, deck) for card in range(40)}) == 40


def test_bad_card_says_how_to_write_one():
    with pytest.raises(CardError, match="like 7o"):
        parse_cards("7o 8x")


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("escoba", {"players": 5}, "not 5 (the 36 cards"),
        ("escoba", {"scoring_system": "chinchon"}, "scoring_system must be one of"),
        ("escoba", {"target_score": 0}, "target score must be between 1 and"),
        ("escoba", {"players": 4, "layout": "teams_2x3"}, "with 4 players the layout must be"),
        ("escoba", {"colour": "red"}, "there is no option called 'colour'"),
        ("scopa", {"players": 5}, "Scopa is played by 2, 3, 4 or 6 players"),
        ("rubamazzo", {"players": 6}, "Rubamazzo is played by 2, 3 or 4 players"),
        ("rubamazzo", {"hand_size": 4}, "cannot be dealt evenly to 2 players"),
        ("escoba", {"players": "two"}, "players must be a whole number"),
        ("briscola", {}, "unknown game 'briscola'"),
    ],
)
def test_bad_options_get_a_readable_message(game, options, message):
    with pytest.raises(OptionsError, match=message.replace("(", r"\(")):
        parse_options(game, options)


def test_defaults_follow_the_scoring_system():
    fournier = parse_options("escoba", {})
    pagat = parse_options("escoba", {"scoring_system": "pagat"})
    assert (fournier.sevens_point, fournier.shutout_rule) == ("majority_no_tiebreak", "lose_match")
    assert (pagat.sevens_point, pagat.shutout_rule, pagat.all_oros_mode) == (
        "count_tiebreak",
        "off",
        "off",
    )
    assert parse_options("escoba", {"players": 4}).layout == "teams"
    assert parse_options("escoba", {"players": 6}).layout == "teams_2x3"
    assert parse_options("scopa", {}).target_score == 11


@pytest.mark.parametrize(
    ("players", "layout", "sides"),
    [
        (2, "individual", ((0,), (1,))),
        (4, "teams", ((0, 2), (1, 3))),
        (4, "individual", ((0,), (1,), (2,), (3,))),
        (6, "teams_2x3", ((0, 2, 4), (1, 3, 5))),
        (6, "teams_3x2", ((0, 3), (1, 4), (2, 5))),
    ],
)
def test_escoba_seating(players, layout, sides):
    assert make_game("escoba", {"players": players, "layout": layout}).sides == sides


def test_moves_print_and_parse_back():
    game = make_game("escoba")
    state = game.new_position(["4o 7e", ""], "7o Sc 4e 4b 3c", stock="1b")
    texts = [format_move(move) for move in state.legal_moves()]
    expected = ["4o:3c+Sc", "4o:7o+4e", "4o:7o+4b", "4o:3c+4e+4b", "7e:Sc", "7e:4e+4b"]
    assert texts == expected
    assert [parse_move(text) for text in texts] == state.legal_moves()
    with pytest.raises(MoveParseError):
        parse_move("4o:zz")


@pytest.mark.parametrize(
    ("move", "code", "message"),
    [
        ("1b", "not_in_hand", "1b is not in your hand"),
        ("4o:7o+Rb", "not_on_table", "Rb is not on the table"),
        ("4o", "must_take", "4o can take cards here, so it must take"),
        ("4o:7o+Sc", "bad_capture", "its options are: 4o:3c\\+Sc, 4o:7o\\+4e"),
        ("claim 4o:7o", "no_claim", "no missed capture"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(move, code, message):
    game = make_game("escoba")
    state = game.new_position(["4o 7e", ""], "7o Sc 4e 4b 3c", stock="1b")
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match=message) as caught:
        state.apply(parse_move(move))
    assert caught.value.code == code
    assert state.to_dict() == before


def test_no_move_after_the_match():
    game = make_game("rubamazzo")
    state = game.new_position(["Rb", ""], "Ro", piles=["", "1o"], last_taker=1)
    state, events = state.apply(state.legal_moves()[0])
    assert state.is_over and events[-1].kind == "match_over"
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the match is over"):
        state.apply(parse_move("Rb"))


def test_apply_leaves_the_old_state_alone():
    state = make_game("scopa").new_match(seed=3)
    before = state.to_dict()
    after, events = state.apply(state.legal_moves()[0])
    assert state.to_dict() == before
    assert after.ply == state.ply + 1 and events


def test_saved_state_has_a_format_version_and_refuses_others():
    state = make_game("escoba").new_match(seed=1)
    saved = state.to_dict()
    assert saved["format"] == 1
    assert json.loads(json.dumps(saved)) == saved
    with pytest.raises(StateFormatError, match="format 99"):
        State.from_dict({**saved, "format": 99})
    with pytest.raises(StateFormatError, match="damaged"):
        State.from_dict({**saved, "hands": [["7o"]]})


def test_high_card_draw_picks_the_dealer_from_the_draw():
    events = []
    game = make_game("escoba", {"dealer_selection": "high_card_draw", "players": 3})
    state = game.new_match(seed=11, events=events)
    drawn = events[0]
    assert drawn.kind == "dealer_drawn" and drawn.dealer == state.dealer
    best = max(card % 10 for _, card in drawn.draws[-1])
    assert [seat for seat, card in drawn.draws[-1] if card % 10 == best] == [state.dealer]


def test_bench_prints_one_json_line(capsys):
    args = ["--game", "scopa", "--players", "2", "--hands", "5", "--seed", "1", "--repeat", "2"]
    assert bench.main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"game", "players", "hands", "seconds", "hands_per_s"} <= result.keys()
    assert result["game"] == "scopa" and result["hands"] == 5 and result["hands_per_s"] > 0
    assert len(result["runs_hands_per_s"]) == 2
    assert result["hands_per_s"] == max(result["runs_hands_per_s"])


def test_bench_rejects_impossible_options(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--game", "escoba", "--players", "5"])
    assert "not 5" in capsys.readouterr().err


def test_python_m_bot_without_a_token_says_what_to_set(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(__import__("pathlib").Path.cwd())}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr


def test_the_hands_moves_are_public_history_saved_with_the_state():
    state = make_game("scopa", {"players": 2}).new_match(seed=3)
    first, second = state.turn, 1 - state.turn
    moves = []
    for _ in range(2):
        moves.append(state.legal_moves()[0])
        state, _ = state.apply(moves[-1])
    assert state.history == ((1, first, moves[0]), (1, second, moves[1]))
    assert state.observe(first).history == state.observe(second).history == state.history
    assert State.from_dict(state.to_dict()).history == state.history
    hand = state.hand_no
    while state.hand_no == hand:
        state, _ = state.apply(state.legal_moves()[0])
    assert state.history == ()


def test_a_copy_has_every_slot_and_lists_of_its_own():
    state = make_game("rubamazzo").new_match(seed=2)
    other = state.copy()
    assert all(getattr(other, name) == getattr(state, name) for name in State.__slots__)
    other.piles[0] |= 1
    assert other.piles != state.piles
