"""The face-card figures, each drawn in a square box (x0, y0, side) from Pillow shapes:
page (Sota, Fante, Jack), knight (Caballo, Cavallo), queen and king."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from .style import _BORDER, Colour, Point

_SKIN = (250, 215, 180)
_CROWN = (240, 190, 40)
_HAIR = (150, 95, 40)


def _head(d: ImageDraw.ImageDraw, x: float, y: float, r: float, line: int) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=_SKIN, outline=_BORDER, width=line)
    e = r * 0.12
    for ex in (x - r * 0.35, x + r * 0.35):
        d.ellipse((ex - e, y - r * 0.15 - e, ex + e, y - r * 0.15 + e), fill=_BORDER)


def _scaler(x0: float, y0: float, side: float) -> Callable[[float, float], Point]:
    def p(u: float, v: float) -> Point:
        return (x0 + u * side, y0 + v * side)

    return p


def _shoulders(
    d: ImageDraw.ImageDraw, p: Callable[[float, float], Point], half: float, ink: Colour, line: int
) -> None:
    """A robe: the top half of an ellipse resting on the bottom of the box."""
    d.chord(
        (*p(0.5 - half, 0.68), *p(0.5 + half, 1.32)),
        180,
        360,
        fill=ink,
        outline=_BORDER,
        width=line,
    )


def _page(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A young bust in a feathered beret: Sota, Fante, Jack."""
    p, line = _scaler(*box), max(1, round(box[2] * 0.03))
    _shoulders(d, p, 0.3, ink, line)
    for u in (0.4, 0.5, 0.6):
        d.line([p(u, 0.72), p(u, 1.0)], fill=tint, width=line * 2)
    _head(d, *p(0.5, 0.5), box[2] * 0.15, line)
    d.line([p(0.6, 0.36), p(0.9, 0.08)], fill=(255, 255, 255), width=line * 5)
    d.line([p(0.6, 0.36), p(0.9, 0.08)], fill=_BORDER, width=line)
    d.ellipse((*p(0.26, 0.26), *p(0.72, 0.44)), fill=ink, outline=_BORDER, width=line)


def _queen(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bust with long hair and a small tiara: Queen."""
    p, line = _scaler(*box), max(1, round(box[2] * 0.03))
    d.rounded_rectangle(
        (*p(0.3, 0.3), *p(0.7, 0.84)), radius=box[2] * 0.18, fill=_HAIR, outline=_BORDER, width=line
    )
    _shoulders(d, p, 0.28, ink, line)
    d.arc((*p(0.38, 0.62), *p(0.62, 0.86)), 20, 160, fill=_CROWN, width=line * 2)
    _head(d, *p(0.5, 0.5), box[2] * 0.15, line)
    tiara = [
        p(0.34, 0.4),
        p(0.36, 0.24),
        p(0.43, 0.32),
        p(0.5, 0.16),
        p(0.57, 0.32),
        p(0.64, 0.24),
        p(0.66, 0.4),
    ]
    d.polygon(tiara, fill=_CROWN, outline=_BORDER, width=line)


def _king(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bearded bust under a large jewelled crown: Rey, Re, King."""
    p, line, side = _scaler(*box), max(1, round(box[2] * 0.03)), box[2]
    _shoulders(d, p, 0.36, ink, line)
    d.rounded_rectangle(
        (*p(0.28, 0.68), *p(0.72, 0.8)),
        radius=side * 0.05,
        fill=(255, 255, 255),
        outline=_BORDER,
        width=line,
    )
    for u in (0.36, 0.5, 0.64):
        d.rectangle((*p(u - 0.015, 0.72), *p(u + 0.015, 0.76)), fill=_BORDER)
    _head(d, *p(0.5, 0.52), side * 0.15, line)
    d.chord(
        (*p(0.35, 0.4), *p(0.65, 0.74)), 0, 180, fill=(120, 80, 45), outline=_BORDER, width=line
    )
    crown = [
        p(0.3, 0.4),
        p(0.26, 0.08),
        p(0.39, 0.22),
        p(0.5, 0.02),
        p(0.61, 0.22),
        p(0.74, 0.08),
        p(0.7, 0.4),
    ]
    d.polygon(crown, fill=_CROWN, outline=_BORDER, width=line)
    j = side * 0.04
    for u, colour in ((0.38, (200, 30, 40)), (0.5, (30, 90, 200)), (0.62, (200, 30, 40))):
        x, y = p(u, 0.32)
        d.ellipse((x - j, y - j, x + j, y + j), fill=colour)


def _knight(
    d: ImageDraw.ImageDraw, box: tuple[float, float, float], ink: Colour, tint: Colour
) -> None:
    """A bridled horse head over a caparison: Caballo, Cavallo."""
    p, line, side = _scaler(*box), max(1, round(box[2] * 0.03)), box[2]
    mane = [
        (0.54, 0.02),
        (0.63, 0.16),
        (0.76, 0.32),
        (0.86, 0.62),
        (0.9, 0.9),
        (0.98, 0.9),
        (0.94, 0.58),
        (0.82, 0.26),
        (0.66, 0.08),
    ]
    d.polygon([p(u, v) for u, v in mane], fill=(70, 45, 20), outline=_BORDER, width=line)
    head = [
        (0.54, 0.0),
        (0.63, 0.16),
        (0.76, 0.32),
        (0.86, 0.62),
        (0.9, 0.9),
        (0.38, 0.9),
        (0.44, 0.74),
        (0.4, 0.6),
        (0.28, 0.7),
        (0.14, 0.7),
        (0.07, 0.62),
        (0.12, 0.5),
        (0.3, 0.26),
        (0.47, 0.12),
    ]
    d.polygon([p(u, v) for u, v in head], fill=(196, 140, 84), outline=_BORDER, width=line)
    d.line(
        [p(0.14, 0.52), p(0.46, 0.3), p(0.56, 0.54), p(0.24, 0.68)],
        fill=ink,
        width=line * 2,
        joint="curve",
    )
    e = side * 0.04
    x, y = p(0.4, 0.3)
    d.ellipse((x - e, y - e, x + e, y + e), fill=_BORDER)
    d.rectangle((*p(0.3, 0.84), *p(0.96, 1.0)), fill=ink, outline=_BORDER, width=line)
    d.line([p(0.32, 0.9), p(0.94, 0.9)], fill=tint, width=line * 2)


_FigureFn = Callable[[ImageDraw.ImageDraw, tuple[float, float, float], Colour, Colour], None]
_SPANISH_FACES: tuple[_FigureFn, ...] = (_page, _knight, _king)
_FRENCH_FACES: tuple[_FigureFn, ...] = (_page, _queen, _king)
