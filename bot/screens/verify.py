"""What ``/verify`` answers, and the seed a finished match reveals (score sheets).

A match's board shows its commitment (the SHA-256 of its secret seed) from the first
card; once the match ends its seed is revealed here and ``/verify`` tells what
rebuilding every deal from it found (``games.fairness``)."""

from __future__ import annotations

import discord

from ..games.fairness import Verdict, short_commitment
from ..i18n import tr, tr_count
from ..tables import Table
from .common import embed


def revealed(table: Table, lang: str) -> str:
    """A finished match's seed, revealed, and how to check it."""
    return tr(
        lang,
        "fair.revealed",
        seed=table.match.seed,
        commitment=short_commitment(table.log.commitment),
        table=table.id,
    )


def verdict_embed(table: Table, verdict: Verdict, lang: str) -> discord.Embed:
    """The check of a finished match: the commitment, the seed, each check's result. ✅
    only when every check passed and the match has a commitment; ⚠️ when its cards
    check out but it has none; ❌ when a check failed."""
    if verdict.problem is not None:
        key = "fair.bad_title"
    else:
        key = "fair.ok_title" if verdict.committed else "fair.uncommitted_title"
    if table.log.commitment:
        lines = [tr(lang, "fair.commitment", commitment=table.log.commitment)]
    else:
        lines = [tr(lang, "fair.no_commitment")]
    lines.append(tr(lang, "fair.seed", seed=table.match.seed))
    lines.append("")
    if verdict.problem is None:
        if verdict.committed:
            lines.append(tr(lang, "fair.check.commitment"))
        moves = tr_count(lang, "count.move_replayed", verdict.moves)
        lines.append(tr_count(lang, "fair.check.deals", verdict.hands, moves=moves))
    else:
        lines.append("❌ " + tr(lang, f"fair.problem.{verdict.problem}", move=verdict.at))
    shown = embed(table, tr(lang, key, table=table.id), "\n".join(lines))
    shown.set_footer(text=tr(lang, "fair.how"))
    return shown
