"""What every screen shares: cards and players in words, game names and colours, and
the private answer to a click or a command."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from ..games import ONE_HAND, game_type
from ..i18n import tr, tr_count
from ..tables import Origin, Seat, Table, rated_forfeit
from .cards import CardFaces, CardWords

GAME_COLOURS = {
    "escoba": 0xC0392B,
    "scopa": 0x2E86C1,
    "scopone": 0x1F618D,
    "cirulla": 0xD68910,
    "rubamazzo": 0x27AE60,
}
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
"""The numbers the pictures print on cards, so text, buttons and pictures agree."""

green = discord.ButtonStyle.success
grey = discord.ButtonStyle.secondary
blue = discord.ButtonStyle.primary
red = discord.ButtonStyle.danger


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def deck_of(table: Table) -> str:
    return table.options.get("deck", "spanish")


def card_words(table: Table, lang: str, faces: CardFaces) -> CardWords:
    """How a message about ``table`` writes its cards, in ``lang``."""
    return CardWords(deck_of(table), lang, faces)


def fit_label(text: str, limit: int = 80) -> str:
    """``text`` cut to fit a button's label (80) or an option's (100), "…" where cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def numbered(index: int) -> str:
    return CIRCLED[index] if index < len(CIRCLED) else f"({index + 1})"


def option_letter(index: int) -> str:
    """The letter the board picture marks an option's cards with."""
    return chr(65 + index)


def game_name(game: str, lang: str) -> str:
    return tr(lang, f"game.{game}")


def table_game_name(table: Table, lang: str) -> str:
    """The game as the table plays it: a named variant ("Scopa d'Assi"), else the game."""
    preset = table.engine.preset()
    return tr(lang, f"variant_name.{preset}") if preset else game_name(table.game, lang)


FRENCH_SUITED = ("coins", "seven_of_coins", "all_coins")
"""Categories named after the coins suit: diamonds on French cards."""


def category_name(category: str, table: Table, lang: str) -> str:
    """A scoring category's name; sweeps are escobas in Escoba and scope in Scopa, coins
    diamonds on French cards."""
    if category == "sweeps":
        return tr(lang, f"category.sweeps.{table.game}")
    if category in FRENCH_SUITED and deck_of(table).startswith("french"):
        return tr(lang, f"category.{category}.french")
    return tr(lang, f"category.{category}")


def sweeps_text(game: str, count: int, lang: str) -> str:
    """``3 escobas`` or ``1 scopa``; nothing for a game without sweeps (Rubamazzo)."""
    if not game_type(game).has_sweeps():
        return ""
    return tr_count(lang, f"count.sweep.{game}", count)


def advanced_text(name: str, value: object, lang: str) -> str:
    """An advanced rule as people read it: "Deck: French cards, A–10", "Must take: no"."""
    if isinstance(value, bool):
        shown = tr(lang, "value.yes" if value else "value.no")
    elif isinstance(value, str):
        shown = tr(lang, f"adv.{name}.{value}")
    else:
        shown = str(value)
    return f"{tr(lang, f'adv.{name}')}: {shown}"


def origin_of(interaction: discord.Interaction) -> Origin:
    """Who clicked or asked, and from where (``tables.doors``)."""
    private = bool(interaction.context.private_channel)
    return Origin(interaction.user.id, interaction.guild_id, interaction.channel_id, private)


def end_text(table: Table, lang: str) -> str:
    """Why a table is no longer in play: finished, cancelled, abandoned, emptied, ended
    by its tournament, or forfeited by an entrant who withdrew or was disqualified."""
    reason = f"end.{table.end_reason or table.status}"
    finished = table.status == "finished" and table.state is not None
    winners = table.match.winners if finished else None
    if winners and not table.log.forfeited:
        names = ", ".join(side_name(table, side) for side in winners)
        return tr(lang, "end.won", winners=names)  # the finished board names the winner
    if not table.log.forfeited:
        return tr(lang, reason)
    loser, winner = forfeit_names(table)
    if rated_forfeit(table):  # quick play: rated, a loss for who forfeited
        reason += "_rated"
    return tr(lang, reason, loser=loser, winner=winner)


def forfeit_names(table: Table) -> tuple[str, str]:
    """Who forfeited the match, and who won it so."""
    lost = set(table.log.forfeited)
    loser = _names(seat for index, seat in enumerate(table.seats) if index in lost)
    winner = _names(seat for index, seat in enumerate(table.seats) if index not in lost)
    return loser, winner


def _names(seats: Iterable[Seat]) -> str:
    """The seats' names, each once (a tournament's pair names both its seats alike)."""
    return " & ".join(dict.fromkeys(seat.name for seat in seats))


def player_name(table: Table, seat: int) -> str:
    return table.seats[seat].name if 0 <= seat < len(table.seats) else "?"


def listed_name(names: Mapping[int, str], user_id: int) -> str:
    """A member in a list of names (a leaderboard, a season's standings): the name they
    last played under on the server, else a mention (Discord shows it as their name)."""
    name = names.get(user_id)
    return discord.utils.escape_markdown(name) if name else f"<@{user_id}>"


def seat_mention(table: Table, seat: int) -> str:
    """A member as a mention, a bot by its name."""
    player = table.seats[seat]
    return player.name if player.bot else f"<@{player.user_id}>"


def score_title(lang: str, target: int) -> str:
    """The score's heading: "Score (to 21)", or "Score (one hand)"."""
    if target == ONE_HAND:
        return tr(lang, "board.score_one_hand")
    return tr(lang, "board.score", target=target)


def side_name(table: Table, side: int) -> str:
    return " & ".join(table.seats[seat].name for seat in table.engine.sides[side])


def you_at(table: Table, user_id: int) -> int | None:
    """The seat ``user_id`` reads of as "You": theirs at a quick-play match, whose seats
    are named by animal and rating; None elsewhere, where seats carry members' names."""
    return table.seat_of(user_id) if table.settings.quick is not None else None


def seen_name(table: Table, seat: int, lang: str, you: int | None) -> str:
    """A seat's name as a member reads it: "You" for their own seat (``you``)."""
    return tr(lang, "seat.you") if you is not None and seat == you else player_name(table, seat)


def seen_side(table: Table, side: int, lang: str, you: int | None) -> str:
    """A side's names as a member reads them: ``You & 🐢 998``."""
    return " & ".join(seen_name(table, seat, lang, you) for seat in table.engine.sides[side])


def embed(table: Table, title: str, description: str = "") -> discord.Embed:
    return discord.Embed(
        title=title, description=description, colour=GAME_COLOURS.get(table.game, 0x95A5A6)
    )
