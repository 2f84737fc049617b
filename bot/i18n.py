"""Every string a user sees: the catalogs in ``data/locales/<lang>.json``.

``tr(lang, key, **params)`` formats a message; ``language_of(locale)`` maps a
Discord locale to a catalog language; ``CommandTranslator`` gives slash commands
their Spanish and Italian names and descriptions (keys travel in ``locale_str``
extras).
"""

from __future__ import annotations

import json
from pathlib import Path

import discord
from discord import app_commands

CATALOG_DIR = Path(__file__).resolve().parent.parent / "data" / "locales"
LANGUAGES = ("en", "es", "it")
LANGUAGE_NAMES = {"es": "Español", "en": "English", "it": "Italiano"}
"""Each language by its own name, as /settings offers and shows them."""
DEFAULT_LANGUAGE = "en"


def load_catalogs(directory: Path = CATALOG_DIR) -> dict[str, dict[str, str]]:
    return {
        lang: json.loads((directory / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in LANGUAGES
    }


CATALOGS = load_catalogs()


def language_of(locale: discord.Locale | str | None) -> str:
    """The catalog language for a Discord locale (``es-ES``, ``es-419`` → ``es``; ``it``)."""
    value = str(locale or "")
    for lang in LANGUAGES:
        if value == lang or value.startswith(lang + "-"):
            return lang
    return DEFAULT_LANGUAGE


def public_language(server_language: str | None, locale: discord.Locale | str | None) -> str:
    """The language of a public answer to a command: the server's /settings language
    when it has one, else the language of whoever asked."""
    return server_language or language_of(locale)


def tr(lang: str, key: str, /, **params: object) -> str:
    """The message ``key`` in ``lang`` (English when missing there), filled with ``params``."""
    text = CATALOGS.get(lang, {}).get(key) or CATALOGS[DEFAULT_LANGUAGE].get(key)
    if text is None:
        raise KeyError(f"no catalog message {key!r}")
    return text.format(**params) if params else text


def tr_count(lang: str, key: str, count: int, /, **params: object) -> str:
    """The message ``key.one`` when ``count`` is 1, else ``key.other``, filled with
    ``count`` and ``params`` (English, Spanish and Italian share this rule)."""
    return tr(lang, count_key(key, count), count=count, **params)


def count_key(key: str, count: int) -> str:
    """``key.one`` or ``key.other``: the form of ``key`` that agrees with ``count``."""
    return f"{key}.{'one' if count == 1 else 'other'}"


DECIMAL_COMMA = frozenset({"es", "it"})


def decimal(lang: str, value: float, places: int) -> str:
    """``value`` with ``places`` decimals, written ``0.45`` in English, ``0,45`` in
    Spanish and Italian."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def cmd(key: str, english: str | None = None) -> app_commands.locale_str:
    """A command name or description whose translations live under ``key``."""
    return app_commands.locale_str(english or tr(DEFAULT_LANGUAGE, key), key=key)


class CommandTranslator(app_commands.Translator):
    """Looks command strings up in the catalogs by their ``key`` extra."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = COMMAND_LOCALES.get(str(locale))
        if key is None or lang is None:
            return None
        return CATALOGS[lang].get(key)


COMMAND_LOCALES = {"es-ES": "es", "es-419": "es", "it": "it"}
"""The Discord locales that get translated command names, and their catalogs."""
