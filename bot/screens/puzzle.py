"""A puzzle, privately: "what would you play here?".

One private message (the answer to ``/puzzle play`` or ``/puzzle daily``), edited by
each click: the heading (the puzzle's rating and the member's), what the last click
played (the member's move and the reply), the table, the member's hand, the other
hands' sizes, the piles' counts and what is known (in a two-player last deal the
cards still out are the other hand, which a player who counts knows; earlier, only
how many are unseen), then the hand as card buttons (a card that takes several ways
turns into its captures and Back, as at a table). Solved: the themes, the rating
change, the streak. Wrong: the best move, why and what the wrong one loses. Then
Next puzzle, Retry and the answer line. A puzzle never names anyone.
"""

from __future__ import annotations

import discord
from discord import ui

from ..games import State, describe_move
from ..games.cards import SEVEN_OF_COINS
from ..i18n import decimal, tr, tr_count
from ..puzzles.serving import Board, Shown, position_at
from ..storage.puzzle_play import FAILED, SOLVED, PuzzleRecord, StoredPuzzle
from ..tables import Table
from .cards import CardFaces, CardWords
from .common import (
    GAME_COLOURS,
    blue,
    card_words,
    fit_label,
    game_name,
    green,
    grey,
    numbered,
    option_letter,
    sweeps_text,
)
from .declarations import declarations, declare_label
from .ids.puzzles import PuzzleButton, PuzzleNextButton, PuzzleSelect
from .puzzle_line import known, puzzle_table, theme_label
from .story import move_label
from .verdicts import move_words

MAX_CHOICE_BUTTONS = 20


def puzzle_message(
    shown: Shown, lang: str, faces: CardFaces, board: Board | None = None
) -> ui.LayoutView:
    """The member's puzzle as it stands after ``shown`` (a finished daily puzzle: with
    its ``board``)."""
    table = puzzle_table(shown.stored, shown.state, lang)
    cards = card_words(table, lang, faces)
    parts: list[ui.Item] = [ui.TextDisplay(_heading(shown, lang))]
    if shown.note:
        parts.append(ui.TextDisplay(f"**{tr(lang, shown.note)}**"))
    if shown.attempt.status == FAILED:
        parts.append(ui.TextDisplay(wrong_text(table, shown, cards)))
    elif happened := _what_happened(table, shown, cards):
        parts.append(ui.TextDisplay(happened))
    if shown.attempt.status == SOLVED:
        parts.append(ui.TextDisplay(solved_text(shown, lang)))
    else:
        parts.append(ui.TextDisplay(position_text(table, shown, cards)))
    if not shown.finished:
        parts.extend(_rows(table, shown, cards))
    if board is not None:
        parts.append(ui.TextDisplay(board_text(board, lang)))
    parts.append(_after_row(shown, lang))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=GAME_COLOURS.get(shown.stored.puzzle.game)))
    return view


def _heading(shown: Shown, lang: str) -> str:
    stored, record = shown.stored, shown.record
    game = game_name(stored.puzzle.game, lang)
    if shown.day:
        title = tr(lang, "puzzle.daily_title", game=game, day=shown.day)
        sealed = tr(lang, "puzzle.sealed", commitment=shown.commitment[:16] + "…")
        title += f"\n-# {sealed}"
        if (before := shown.revealed) is not None:
            title += "\n-# " + tr(
                lang,
                "puzzle.revealed",
                day=before.day,
                number=before.puzzle_id,
                seal=before.seal,
                line=before.line,
                commitment=before.commitment,
            )
    else:
        title = tr(lang, "puzzle.title", number=stored.id, game=game)
    rating = tr(
        lang,
        "puzzle.ratings",
        puzzle=stored.rating.shown,
        member=rating_text(record),
        moves=stored.puzzle.moves_to_find,
    )
    return f"### 🧩 {title}\n{rating}"


def rating_text(record: PuzzleRecord) -> str:
    """``1512`` or, while still provisional, ``1512?`` (as lichess writes it)."""
    mark = "?" if record.rating.provisional else ""
    return f"{record.rating.shown}{mark}"


def _what_happened(table: Table, shown: Shown, cards: CardWords) -> str:
    """The moves the click played: the member's, then the replies."""
    if not shown.played:
        return ""
    seat = shown.stored.puzzle.seat
    lines = []
    state = position_at(shown.stored, shown.attempt.step - len(shown.played))
    for move in shown.played:
        who = "puzzle.you_played" if state.turn == seat else "puzzle.reply"
        lines.append(tr(cards.lang, who, move=move_words(table, move, cards)))
        state, _ = state.apply(move)
    return "\n".join(lines)


def position_text(table: Table, shown: Shown, cards: CardWords) -> str:
    """The table, the member's hand, the others' hands' sizes, the piles, the stock,
    what is known of the unseen cards, and what to do."""
    lang, state, seat = cards.lang, shown.state, shown.stored.puzzle.seat
    view = state.observe(seat)
    lines = [
        f"**{tr(lang, 'board.table')}:** {cards.join(view.table, '  ') or tr(lang, 'board.empty')}",
        f"**{tr(lang, 'panel.hand')}:** {cards.join(sorted(view.hand), '  ')}",
    ]
    for other in range(state.game.players):
        sweeps = state.sweeps[other]
        extra = f" · {sweeps_text(table.game, sweeps, lang)}" if sweeps else ""
        taken = tr(lang, "daily.cards", count=view.pile_sizes[other])
        held = tr_count(lang, "puzzle.holds", view.hand_sizes[other])
        if state.game.steals_piles and view.pile_tops[other] >= 0:  # a capture steals it
            extra += " · " + tr(lang, "puzzle.top", card=cards.short(view.pile_tops[other]))
        lines.append(f"{table.seats[other].name}: {held} · {taken}{extra}")
    lines.append(f"{tr(lang, 'board.stock')}: {view.stock}")
    lines.append(known_text(state, seat, cards))
    if shown.attempt.status == FAILED:
        return "\n".join(lines)
    if shown.card is not None:
        lines.append(tr(lang, "panel.choose", card=cards.short(shown.card)))
        lines.extend(
            f"**{option_letter(i)}** · {move_label(table, describe_move(m), cards)}"
            for i, m in enumerate(shown.choice)
        )
    else:
        lines.append(f"**{tr(lang, 'puzzle.find')}**")
    return "\n".join(lines)


def known_text(state: State, seat: int, cards: CardWords) -> str:
    """What the mover knows of the cards they cannot see: in a two-player last deal,
    by counting, the other hand itself; else only how many there are."""
    view = state.observe(seat)
    unseen = [c for c in range(40) if c not in set(view.hand) and c not in set(view.seen)]
    if state.game.players == 2 and view.stock == 0:
        out = cards.join(unseen, "  ")
        return tr(cards.lang, "puzzle.counted", cards=out or tr(cards.lang, "board.empty"))
    return tr_count(cards.lang, "puzzle.unseen", len(unseen))


def wrong_text(table: Table, shown: Shown, cards: CardWords) -> str:
    """The wrong move, the best one, why, and what the wrong one loses."""
    lang, stored, attempt = cards.lang, shown.stored, shown.attempt
    best = stored.puzzle.line[attempt.step]
    wrong = attempt.wrong_move if attempt.wrong_move is not None else best
    lines = [
        tr(lang, "puzzle.wrong", move=move_words(table, wrong, cards)),
        tr(lang, "puzzle.best", move=move_words(table, best, cards)),
    ]
    if why := why_text(stored, cards):
        lines.append(why)
    if attempt.step == 0:
        lines.append(loss_text(stored.puzzle.loss, lang))
    lines.append(_change_text(shown, lang))
    return "\n".join(line for line in lines if line)


def loss_text(loss: float, lang: str) -> str:
    """What any other first move loses: "at least 1 point", "at least 2,5 points"."""
    places = 0 if loss == int(loss) else 1
    key = "puzzle.loss.one" if loss == 1 else "puzzle.loss.other"
    return tr(lang, key, loss=decimal(lang, loss, places))


def why_text(stored: StoredPuzzle, cards: CardWords) -> str:
    """The puzzle's themes and the review's reason, in words."""
    lang, puzzle = cards.lang, stored.puzzle
    words = [theme_label(theme, lang) for theme in puzzle.themes]
    if puzzle.reason and known(f"review.reason.{puzzle.reason}"):
        words.append(
            tr(lang, f"review.reason.{puzzle.reason}", card=cards.name(SEVEN_OF_COINS)).strip()
        )
    return tr(lang, "puzzle.why", words=" · ".join(words)) if words else ""


def solved_text(shown: Shown, lang: str) -> str:
    stored, record = shown.stored, shown.record
    lines = [tr(lang, "puzzle.solved")]
    if themes := " · ".join(theme_label(t, lang) for t in stored.puzzle.themes):
        lines.append(tr(lang, "puzzle.themes", themes=themes))
    lines.append(_change_text(shown, lang))
    lines.append(tr_count(lang, "puzzle.streak", record.streak))
    return "\n".join(line for line in lines if line)


def board_text(board: Board, lang: str) -> str:
    """Who solved the day's puzzle on this server, and how many did here and worldwide."""
    names = ", ".join(discord.utils.escape_markdown(name) for name in board.solvers)
    lines = [
        tr(
            lang,
            "puzzle.board",
            solved=board.here[0],
            tried=board.here[1],
            world_solved=board.world[0],
            world_tried=board.world[1],
        ),
    ]
    if names:
        lines.append(tr(lang, "puzzle.board_names", names=names))
    return "\n".join(lines)


def _change_text(shown: Shown, lang: str) -> str:
    if shown.change is not None:
        before, after = shown.change
        return tr(
            lang,
            "puzzle.rating_moved",
            before=round(before),
            after=round(after),
            change=f"{round(after) - round(before):+d}",
        )
    if shown.attempt.retries:
        return tr(lang, "puzzle.retry_unrated")
    return ""


def _rows(table: Table, shown: Shown, cards: CardWords) -> list[ui.ActionRow]:
    """The hand's cards as buttons, or a card's captures and Back."""
    where = (shown.stored.id, shown.attempt.step)
    day = shown.day
    items: list[ui.Item] = []
    if len(shown.choice) > MAX_CHOICE_BUTTONS:
        options = [
            discord.SelectOption(
                label=fit_label(move_label(table, describe_move(m), cards), 100), value=f"{m:x}"
            )
            for m in shown.choice
        ]
        items.append(
            PuzzleSelect(
                *where, day, options=options[:25], placeholder=tr(cards.lang, "board.choose")
            )
        )
    elif shown.choice:
        for index, move in enumerate(shown.choice):
            label = f"{option_letter(index)} · {move_label(table, describe_move(move), cards)}"
            items.append(PuzzleButton(*where, "m", move, day, label=fit_label(label), style=green))
    else:
        for index, card in enumerate(sorted(shown.state.hands[shown.stored.puzzle.seat])):
            label = fit_label(f"{numbered(index)} {cards.name(card)}")
            emoji = cards.button_emoji(card)
            items.append(
                PuzzleButton(*where, "c", card, day, label=label, emoji=emoji, style=green)
            )
        for move, event in declarations(table, shown.stored.puzzle.seat):
            label = fit_label(declare_label(event, cards))
            items.append(PuzzleButton(*where, "m", move, day, label=label, emoji="📣", style=blue))
    if shown.choice:
        items.append(
            PuzzleButton(*where, "b", 0, day, label=tr(cards.lang, "panel.back"), style=grey)
        )
    rows: list[ui.ActionRow] = []
    for item in items:
        if not rows or len(rows[-1].children) == 5 or isinstance(item, PuzzleSelect):
            rows.append(ui.ActionRow())
        rows[-1].add_item(item)
    return rows


def _after_row(shown: Shown, lang: str) -> ui.ActionRow:
    """Next puzzle; once the attempt ended, Retry and the answer line too."""
    row: ui.ActionRow = ui.ActionRow()
    number, step = shown.stored.id, shown.attempt.step
    if shown.finished and not shown.day:
        row.add_item(
            PuzzleButton(
                number, step, "r", 0, label=tr(lang, "puzzle.retry"), emoji="🔁", style=blue
            )
        )
    if shown.finished or shown.attempt.rated:
        row.add_item(
            PuzzleButton(
                number,
                step,
                "w",
                0,
                shown.day,
                label=tr(lang, "puzzle.see_line"),
                emoji="⏯",
                style=grey,
            )
        )
    asked = (shown.attempt.asked_game, shown.attempt.asked_theme)
    row.add_item(PuzzleNextButton(*asked, label=tr(lang, "puzzle.next"), emoji="🧩", style=green))
    return row


def none_text(lang: str, game: str | None, theme: str | None, *, exists: bool) -> str:
    """No puzzle to serve: none yet of that game or theme, or (``exists``) the member
    has tried every one."""
    what = " · ".join(
        part
        for part in (
            game_name(game, lang) if game else "",
            theme_label(theme, lang) if theme else "",
        )
        if part
    )
    if exists:
        return tr(lang, "puzzle.all_done_of", what=what) if what else tr(lang, "puzzle.all_done")
    return tr(lang, "puzzle.none_of", what=what) if what else tr(lang, "puzzle.none")
