"""Skill ratings: OpenSkill's Plackett–Luce model, one rating per member, game and server.

Choices:
- Every member starts at OpenSkill's default (mu 25, sigma 25/3). People see a whole
  number, ``1000 + 40 × (mu − 3·sigma)``: the conservative estimate, so a new member
  shows 1000 and the figure climbs as the bot grows sure of them.
- A match is rated at its end, side against side: team members share their side's
  result (rated as a team). The winning sides rank first, the others by final score;
  a draw ranks every side equal.
- Bot seats are fixed-strength opponents (``BOT_RATINGS``): they count in the match's
  maths, so beating the hard bot is worth more than beating the easy one, but their
  own rating never moves and they have no leaderboard line. The figures are set from
  the arena (``python -m bot.ai.arena``): greedy beats random about 9 times in 10,
  and the expert beats greedy about 8 times in 10, which these means predict.
- Abandoned and cancelled matches are not rated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
BOT_RATINGS = {
    "random": (14.0, 2.0),
    "learner": (19.0, 2.0),
    "greedy": (24.0, 2.0),
    "sharp": (27.0, 2.0),
    "expert": (30.0, 2.0),
}
"""Fixed (mu, sigma) of each bot level."""
PROVISIONAL_SIGMA = 6.0
"""Above this doubt a rating is provisional: a member's first dozen or so matches."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's skill estimate in one game on one server."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The whole number people see."""
        return shown_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether the estimate is still unsure (about a dozen matches): shown "1012?"."""
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def text(self) -> str:
        """``1012``, or ``1012?`` while provisional."""
        return f"{self.shown}?" if self.provisional else str(self.shown)


STARTING_RATING = Rating()


def shown_rating(mu: float, sigma: float) -> int:
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of a rated match: a member (``user_id``) or a bot (``bot`` level)."""

    user_id: int
    rating: Rating
    bot: str | None = None


def bot_rating(level: str) -> Rating:
    mu, sigma = BOT_RATINGS[level]
    return Rating(mu, sigma)


def side_ranks(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each side's place (0 best): winners first, then by final score; no winner is a draw."""
    if not winners:
        return [0] * len(scores)
    ranks = []
    for side, score in enumerate(scores):
        if side in winners:
            ranks.append(0)
        else:
            ranks.append(
                1 + sum(1 for other, s in enumerate(scores) if other not in winners and s > score)
            )
    return ranks


def rate_match(sides: Sequence[Sequence[Entrant]], ranks: Sequence[int]) -> dict[int, Rating]:
    """The members' ratings after a match (bots keep theirs and are left out)."""
    teams = [[MODEL.rating(mu=e.rating.mu, sigma=e.rating.sigma) for e in side] for side in sides]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return {
        entrant.user_id: Rating(new.mu, new.sigma)
        for side, new_side in zip(sides, rated, strict=True)
        for entrant, new in zip(side, new_side, strict=True)
        if entrant.bot is None
    }
