"""Text the built-in font can draw: it covers ASCII and a few marks, so names and labels
are cleaned (accents folded, emoji dropped, other letters as ``?``) and cut to fit."""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from .style import _font

_FOLD = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "đ": "d",
        "Đ": "D",
        "ı": "i",
        "þ": "th",
    }
)


def _glyph(char: str) -> bytes:
    """The bitmap of ``char`` in the 18 px built-in font."""
    img = Image.new("L", (28, 28))
    ImageDraw.Draw(img).text((2, 2), char, font=_font(18), fill=255)
    return img.tobytes()


@cache
def _has_glyph(char: str) -> bool:
    """Whether the built-in font draws ``char`` (it covers ASCII and a few marks)."""
    return char == " " or _glyph(char) != _glyph("\ue000")


@cache
def _clean(text: str) -> str:
    """``text`` fit for the built-in font: accents folded, emoji and other symbols,
    joiners and variation selectors dropped, letters it cannot draw (Cyrillic, CJK…)
    kept as ``?`` so a name does not vanish; spaces collapsed."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    kept = []
    for char in folded:
        if _has_glyph(char):
            kept.append(char)
        elif unicodedata.category(char)[0] in "LN":
            kept.append("?")
        elif char.isspace():
            kept.append(" ")
    return " ".join("".join(kept).split())


def _fit(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: float) -> str:
    """``text``, cut with ``…`` when it is wider than ``width`` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
