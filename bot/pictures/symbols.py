"""The suit symbols, each drawn centred on (x, y) about ``s`` high, and where the pips
of a number card go: Spanish coins, cups, swords and batons; French diamonds, hearts,
spades and clubs."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from .style import Colour, Point


def _diamond(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    h, w = s / 2, s * 0.38
    d.polygon([(x, y - h), (x + w, y), (x, y + h), (x - w, y)], fill=ink)


def _heart(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.25
    for cx in (x - s * 0.22, x + s * 0.22):
        d.ellipse((cx - r, y - s * 0.42, cx + r, y - s * 0.42 + 2 * r), fill=ink)
    d.polygon(
        [(x - s * 0.465, y - s * 0.12), (x + s * 0.465, y - s * 0.12), (x, y + s * 0.46)], fill=ink
    )


def _spade(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.23
    for cx in (x - s * 0.21, x + s * 0.21):
        d.ellipse((cx - r, y - s * 0.05 - r, cx + r, y - s * 0.05 + r), fill=ink)
    d.polygon(
        [(x - s * 0.435, y - s * 0.02), (x + s * 0.435, y - s * 0.02), (x, y - s * 0.5)], fill=ink
    )
    d.polygon([(x, y), (x + s * 0.16, y + s * 0.48), (x - s * 0.16, y + s * 0.48)], fill=ink)


def _club(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r = s * 0.2
    for cx, cy in ((x, y - s * 0.27), (x - s * 0.25, y + s * 0.05), (x + s * 0.25, y + s * 0.05)):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    d.ellipse((x - r * 0.7, y - s * 0.12 - r * 0.7, x + r * 0.7, y - s * 0.12 + r * 0.7), fill=ink)
    d.polygon(
        [(x, y - s * 0.05), (x + s * 0.16, y + s * 0.48), (x - s * 0.16, y + s * 0.48)], fill=ink
    )


def _coin(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    r, w = s * 0.46, max(1, round(s * 0.05))
    d.ellipse((x - r, y - r, x + r, y + r), fill=(242, 190, 40), outline=(138, 88, 0), width=w)
    q = r * 0.68
    d.ellipse((x - q, y - q, x + q, y + q), fill=(250, 214, 90), outline=(170, 110, 0), width=w)
    c = r * 0.22
    d.ellipse((x - c, y - c, x + c, y + c), fill=(200, 50, 40))


def _cup(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    gold, red, dark = (232, 178, 30), (198, 40, 40), (110, 20, 20)
    w = max(1, round(s * 0.04))
    bowl = (x - s * 0.34, y - s * 0.78, x + s * 0.34, y + s * 0.08)
    d.chord(bowl, 0, 180, fill=red, outline=dark, width=w)
    d.ellipse(
        (x - s * 0.36, y - s * 0.44, x + s * 0.36, y - s * 0.26), fill=gold, outline=dark, width=w
    )
    d.rectangle(
        (x - s * 0.055, y + s * 0.04, x + s * 0.055, y + s * 0.36), fill=gold, outline=dark, width=w
    )
    d.ellipse(
        (x - s * 0.11, y + s * 0.12, x + s * 0.11, y + s * 0.24), fill=gold, outline=dark, width=w
    )
    d.chord(
        (x - s * 0.26, y + s * 0.3, x + s * 0.26, y + s * 0.6),
        180,
        360,
        fill=gold,
        outline=dark,
        width=w,
    )


def _sword(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    steel, dark, hilt = (96, 148, 220), (18, 52, 120), (200, 150, 40)
    w = max(1, round(s * 0.035))
    b = s * 0.075
    blade = [
        (x, y - s * 0.5),
        (x + b, y - s * 0.36),
        (x + b, y + s * 0.17),
        (x - b, y + s * 0.17),
        (x - b, y - s * 0.36),
    ]
    d.polygon(blade, fill=steel, outline=dark, width=w)
    d.line([(x, y - s * 0.42), (x, y + s * 0.13)], fill=dark, width=w)
    d.rounded_rectangle(
        (x - s * 0.27, y + s * 0.15, x + s * 0.27, y + s * 0.23),
        radius=s * 0.04,
        fill=hilt,
        outline=dark,
        width=w,
    )
    d.rectangle(
        (x - s * 0.05, y + s * 0.23, x + s * 0.05, y + s * 0.4),
        fill=(30, 60, 130),
        outline=dark,
        width=w,
    )
    p = s * 0.065
    d.ellipse((x - p, y + s * 0.4, x + p, y + s * 0.4 + 2 * p), fill=hilt, outline=dark, width=w)


def _baton(d: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: Colour) -> None:
    wood, dark, leaf = (150, 92, 40), (80, 45, 15), (56, 142, 60)
    w = max(1, round(s * 0.035))
    trunk = [
        (x - s * 0.17, y - s * 0.46),
        (x + s * 0.17, y - s * 0.46),
        (x + s * 0.07, y + s * 0.48),
        (x - s * 0.07, y + s * 0.48),
    ]
    d.polygon(trunk, fill=wood, outline=dark, width=w)
    d.ellipse(
        (x - s * 0.17, y - s * 0.52, x + s * 0.17, y - s * 0.4),
        fill=(190, 130, 70),
        outline=dark,
        width=w,
    )
    k = s * 0.06
    for i, (side, ky) in enumerate(((-1, -0.25), (1, -0.08), (-1, 0.1), (1, 0.27))):
        kx = x + side * s * (0.15 - 0.03 * i)
        d.ellipse(
            (kx - k, y + ky * s - k, kx + k, y + ky * s + k), fill=wood, outline=dark, width=w
        )
    d.ellipse(
        (x + s * 0.1, y - s * 0.36, x + s * 0.34, y - s * 0.24),
        fill=leaf,
        outline=(20, 80, 25),
        width=w,
    )
    d.ellipse(
        (x - s * 0.32, y - s * 0.02, x - s * 0.1, y + s * 0.1),
        fill=leaf,
        outline=(20, 80, 25),
        width=w,
    )


_SymbolFn = Callable[[ImageDraw.ImageDraw, float, float, float, Colour], None]
_SPANISH_SYMBOLS: tuple[_SymbolFn, ...] = (_coin, _cup, _sword, _baton)
_FRENCH_SYMBOLS: tuple[_SymbolFn, ...] = (_diamond, _heart, _spade, _club)
_PIP_SCALE: dict[_SymbolFn, float] = {
    _sword: 1.18,
    _baton: 1.15,
    _cup: 1.05,
}  # narrow symbols: taller small pips

# Pip positions for 1..10 pips, in halves of the centre box (u across, v down), and
# the pip size for each count. Rows of 2-3-2, 3-3-3, 3-4-3… keep pips large.
_ROW3 = (-0.72, 0.0, 0.72)
_PIPS: tuple[tuple[Point, ...], ...] = (
    ((0, 0),),
    ((0, -0.5), (0, 0.5)),
    ((0, -0.55), (-0.55, 0.5), (0.55, 0.5)),
    ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    ((-0.6, -0.55), (0.6, -0.55), (0, 0), (-0.6, 0.55), (0.6, 0.55)),
    tuple((u, v) for v in (-0.5, 0.5) for u in _ROW3),
    ((-0.4, -0.64), (0.4, -0.64), *((u, 0) for u in _ROW3), (-0.4, 0.64), (0.4, 0.64)),
    (*((u, -0.64) for u in _ROW3), (-0.4, 0), (0.4, 0), *((u, 0.64) for u in _ROW3)),
    tuple((u, v) for v in (-0.64, 0, 0.64) for u in _ROW3),
    (
        *((u, -0.64) for u in _ROW3),
        *((u, 0) for u in (-0.78, -0.26, 0.26, 0.78)),
        *((u, 0.64) for u in _ROW3),
    ),
)
_PIP_SIZE = (62, 34, 30, 30, 26, 26, 23, 23, 23, 20)
