"""A puzzle's answer played through (the member asked to see it): each move of the
line and the table after it, from the puzzle's position. The mined match itself is
not replayed (it was a match between the bot's levels, never stored as a table):
the puzzle's own line stands in for it, its players unnamed. Also what every puzzle
screen shares: the puzzle as a table the screens read, a theme in words."""

from __future__ import annotations

from discord import ui

from ..games import State, cards_of
from ..i18n import CATALOGS, DEFAULT_LANGUAGE, tr
from ..storage.puzzle_play import StoredPuzzle
from ..tables import Seat, Table
from .cards import CardFaces
from .common import GAME_COLOURS, card_words, game_name
from .verdicts import move_words


def puzzle_table(stored: StoredPuzzle, state: State, lang: str) -> Table:
    """The puzzle as a table the screens read: the member in the puzzle's seat ("You"),
    the others named by where they sit, never by who played the mined match."""
    puzzle = stored.puzzle
    game = state.game
    mine = game.side_of[puzzle.seat]
    seats = []
    for seat in range(game.players):
        if seat == puzzle.seat:
            name = tr(lang, "seat.you")
        elif game.side_of[seat] == mine:
            name = tr(lang, "puzzle.partner")
        else:
            name = tr(lang, "puzzle.opponent")
        seats.append(Seat(user_id=-1 - seat, name=name))
    options = dict(puzzle.state.get("options", {}))
    options.pop("game", None)
    return Table(
        id=0,
        guild_id=0,
        channel_id=0,
        host_id=0,
        game=puzzle.game,
        options=options,
        locale=lang,
        status="playing",
        seats=seats,
        state=state,
    )


def theme_label(theme: str, lang: str) -> str:
    """A theme's words: a play theme's own ("A sweep"), a scoring category's name
    ("Primiera"), else its key."""
    for key in (f"puzzle.theme.{theme}", f"category.{theme}"):
        if known(key):
            return tr(lang, key)
    return theme.replace("_", " ")


def known(key: str) -> bool:
    """Whether the catalogs have ``key`` (a theme or a reason the miner may add)."""
    return key in CATALOGS[DEFAULT_LANGUAGE]


def line_message(stored: StoredPuzzle, lang: str, faces: CardFaces) -> ui.LayoutView:
    """The puzzle's answer played through, move by move, from its position: each
    move and the table after it (the mined match's players unnamed)."""
    state = stored.puzzle.position()
    table = puzzle_table(stored, state, lang)
    cards = card_words(table, lang, faces)
    title = tr(
        lang, "puzzle.line_title", number=stored.id, game=game_name(stored.puzzle.game, lang)
    )
    lines = [f"### ⏯ {title}", tr(lang, "puzzle.line_about")]
    lines.append(
        f"**{tr(lang, 'board.table')}:** {cards.join(state.table, '  ') or tr(lang, 'board.empty')}"
    )
    for number, move in enumerate(stored.puzzle.line, start=1):
        who = table.seats[state.turn].name
        state, _ = state.apply(move)
        after = cards.join(cards_of(state.tmask), "  ") or tr(lang, "board.empty")
        lines.append(
            tr(
                lang,
                "puzzle.line_move",
                number=number,
                who=who,
                move=move_words(table, move, cards),
                table=after,
            )
        )
    view = ui.LayoutView(timeout=None)
    view.add_item(
        ui.Container(
            ui.TextDisplay("\n".join(lines)[:3900]),
            accent_colour=GAME_COLOURS.get(stored.puzzle.game),
        )
    )
    return view
