"""Catalogs, slash-command payloads and the database migrations."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.client import COGS, create_bot
from bot.games import GAMES, game_type
from bot.i18n import CATALOGS, CommandTranslator, decimal, language_of, tr, tr_count
from bot.screens.common import sweeps_text
from bot.settings import Settings
from bot.storage import Storage
from bot.storage.databases import migrations

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"^[-_\w]{1,32}$")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def keys_used_in_code() -> set[str]:
    """Catalog keys written as literals in calls to tr/cmd and TableError; a
    ``tr_count`` key stands for its ``.one`` and ``.other`` forms."""
    keys = set()
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            position = {"tr": 1, "tr_count": 1, "cmd": 0, "TableError": 0}.get(name)
            if position is None or len(node.args) <= position:
                continue
            arg = node.args[position]
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                continue
            if name == "tr_count":
                keys |= {f"{arg.value}.one", f"{arg.value}.other"}
            else:
                keys.add(arg.value)
    return keys


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_catalog_has_the_english_messages_and_placeholders(lang):
    english, other = CATALOGS["en"], CATALOGS[lang]
    assert english.keys() == other.keys()
    for key, text in english.items():
        assert placeholders(text) == placeholders(other[key]), key
        assert other[key].strip(), key


def test_every_key_the_code_uses_is_in_the_catalogs():
    used = keys_used_in_code()
    assert len(used) > 150
    assert used <= CATALOGS["en"].keys(), used - CATALOGS["en"].keys()


def test_families_of_keys_built_at_run_time_are_complete():
    families = {
        "game": ("escoba", "scopa", "rubamazzo"),
        "end": (
            "finished",
            "cancelled",
            "abandoned",
            "empty",
            "tournament",
            "withdrawn",
            "disqualified",
            "forfeited",
            "forfeited_both",
            "left",
            "left_rated",
            "forfeited_rated",
        ),
        "tournament.result": ("bye", "played", "time", "forfeit", "walkover"),
        "tournament.result.nobody": ("forfeit", "walkover"),
        "tournament.invitation": ("waiting", "accepted", "declined", "withdrawn", "closed"),
        "tournament.button": ("join", "leave", "start", "cancel", "accept", "decline"),
        "reason": ("target", "shutout", "most_cards", "draw"),
        "sweep": ("escoba", "scopa"),
        "illegal": ("not_in_hand", "must_capture", "must_take", "bad_capture", "no_claim"),
        "perm": ("view_channel", "send_messages", "embed_links", "send_messages_in_threads"),
        "category": (
            *{c for game in GAMES for c in game_type(game).categories if c != "sweeps"},
            "sweeps.escoba",
            "sweeps.scopa",
        ),
        "count.sweep.escoba": ("one", "other"),
        "count.sweep.scopa": ("one", "other"),
        "lobby.not_full": ("one", "other"),
    }
    for family, members in families.items():
        for member in members:
            assert all(f"{family}.{member}" in catalog for catalog in CATALOGS.values())


@pytest.mark.parametrize(
    ("lang", "one", "other"),
    [
        ("en", "1 win / 1 match · 1 escoba", "2 wins / 3 matches · 5 scope"),
        ("es", "1 victoria / 1 partida · 1 escoba", "2 victorias / 3 partidas · 5 scope"),
        ("it", "1 vittoria / 1 partita · 1 escoba", "2 vittorie / 3 partite · 5 scope"),
    ],
)
def test_counts_agree_with_their_number(lang, one, other):
    def line(wins: int, matches: int, sweeps: int, game: str) -> str:
        won, played = tr_count(lang, "count.win", wins), tr_count(lang, "count.match", matches)
        return f"{won} / {played} · {sweeps_text(game, sweeps, lang)}"

    assert line(1, 1, 1, "escoba") == one and line(2, 3, 5, "scopa") == other
    assert sweeps_text("rubamazzo", 4, lang) == ""
    assert tr_count(lang, "history.earlier_hands", 1) != tr_count(lang, "history.earlier_hands", 2)


def test_decimals_are_written_the_way_each_language_writes_them():
    assert decimal("en", 0.4567, 2) == "0.46"
    assert decimal("es", 0.4567, 2) == decimal("it", 0.4567, 2) == "0,46"
    assert decimal("es", 21.25, 1) == "21,2"


def test_language_of_discord_locales():
    assert language_of("es-ES") == language_of("es-419") == "es"
    assert language_of("it") == "it"
    assert language_of("en-GB") == language_of("fr") == language_of(None) == "en"
    assert tr("es", "table.left", table=3) == "Has dejado la mesa #3."


@pytest.fixture
async def commands_payload(tmp_path):
    bot = create_bot(Settings(discord_token="x", database_path=tmp_path / "db.sqlite3"))
    for extension in COGS:
        await bot.load_extension(extension)
    translator = CommandTranslator()
    await bot.tree.set_translator(translator)
    return [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]


def walk_options(payload: dict):
    for option in payload.get("options", []):
        yield option
        yield from walk_options(option)


async def test_slash_commands_fit_discord_limits_in_every_language(commands_payload):
    names = {payload["name"] for payload in commands_payload}
    assert names == {
        "escoba",
        "scopa",
        "scopone",
        "cirulla",
        "rubamazzo",
        "hand",
        "hint",
        "table",
        "leave",
        "cancel",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "review",
        "verify",
        "play",
        "watch",
        "profile",
        "games",
        "vacation",
        "daily",
        "puzzle",
        "tournament",
        "settings",
    }
    for payload in commands_payload:
        for item in [payload, *walk_options(payload)]:
            for locale in ("es-ES", "it"):
                local = item.get("name_localizations", {}).get(locale)
                assert local, f"{item['name']} has no {locale} name"
                assert NAME.match(local) and local == local.lower(), local
                text = item["description_localizations"][locale]
                assert 1 <= len(text) <= 100, text
            assert NAME.match(item["name"]) and 1 <= len(item["description"]) <= 100
            for choice in item.get("choices", []):
                assert len(choice["name"]) <= 100


async def test_escoba_new_is_nueva_in_spanish(commands_payload):
    escoba = next(p for p in commands_payload if p["name"] == "escoba")
    new = escoba["options"][0]
    assert new["name_localizations"]["es-ES"] == "nueva"
    assert new["name_localizations"]["es-419"] == "nueva"
    assert new["name_localizations"]["it"] == "nuova"
    players = next(o for o in new["options"] if o["name"] == "players")
    assert players["name_localizations"]["es-ES"] == "jugadores"
    assert players["name_localizations"]["it"] == "giocatori"


async def test_migrations_apply_once_in_order(tmp_path):
    numbers = [number for number, _ in migrations("sqlite")]
    assert numbers == sorted(numbers) and numbers[0] == 1
    storage = await Storage.open(tmp_path / "db.sqlite3")
    try:
        assert await storage.migrate() == numbers[-1]
        assert (await storage.guild_settings(5)).dm_hands is True
    finally:
        await storage.close()
    again = await Storage.open(tmp_path / "db.sqlite3")
    try:
        assert await again.migrate() == numbers[-1]
    finally:
        await again.close()
