"""The ladder: the bot's levels, weakest first, built from the players the bot has.

Five levels, the same in every game (a level is a policy, ``(game, view, rng) ->
move``, of its seat's ``Observation`` only, so it never sees a hidden card):

1. ``random`` (easy): a random legal move, a capture more often than not.
2. ``learner``: each decision, the normal bot's move with chance ``MIX["learner"]``,
   else the easy bot's.

(Scopone's levels 1 and 2 mix in more of the normal bot: ``GAME_MIX``.)
3. ``greedy`` (normal): the normal bot's heuristics (what a move takes against the
   sweep it leaves).
4. ``sharp``: each decision, the hard bot's move with chance ``MIX["sharp"]``, else the
   normal bot's.
5. ``expert`` (hard): today's hard bot, its budget in positions.

easy/normal/hard keep their policy names (``random``, ``greedy``, ``expert``), so
saved tables and commands that name them still work.

Where the line is: from level 3 up (``SWEEP_SAFE``) a level never throws away a sweep
it is certain of: when a legal move empties the table and the rules score it as a
sweep (not the hand's last play where that does not count), it plays one of those
moves (the one its own player prefers among them). Levels 1 and 2 may miss one, as
a beginner does.

Every random choice is drawn from the ``rng`` the seat is given, in the same order,
so the same view and seed give the same move at every level. A mixed level draws
its coin first, then asks the chosen player with the same ``rng``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..games import Game, Observation, describe_move
from ..games.cards import mask_of
from .policies import Policy, greedy, make_policy, random_player

MIX = {"learner": 0.45, "sharp": 0.5}
"""A mixed level's chance of playing its stronger parent's move, per decision."""
GAME_MIX: dict[str, dict[str, float]] = {"scopone": {"random": 0.8, "learner": 0.92}}
"""Games whose spread needs other lower rungs. In Scopone a random move is far weaker
than elsewhere (random to normal spans about 1100 Elo), so its level 1 plays the normal
bot's move with chance 0.8 and its level 2 with 0.92: gaps of 164 and 160 Elo to the
next level (100 deal pairs, seed 1), where pure random and 0.45 made 398 and 708."""
SWEEP_SAFE = 3
"""From this level up, a certain sweep is never thrown away."""


@dataclass(frozen=True, slots=True)
class Level:
    """One rung: its number (1 the weakest), the policy name tables store, its emoji."""

    number: int
    name: str
    emoji: str

    @property
    def key(self) -> str:
        """The locale key of its name (``bot.level.<name>``)."""
        return f"bot.level.{self.name}"


LADDER = (
    Level(1, "random", "🐣"),
    Level(2, "learner", "🐢"),
    Level(3, "greedy", "🦊"),
    Level(4, "sharp", "🦉"),
    Level(5, "expert", "🐉"),
)
"""Every level, weakest first; ``LADDER[-1]`` is today's hard bot."""
NAMES = tuple(level.name for level in LADDER)


def level_named(name: str) -> Level:
    """The level a table stores as ``name``."""
    for level in LADDER:
        if level.name == name:
            return level
    raise ValueError(f"unknown level '{name}': choose {', '.join(NAMES)}")


def level_number(number: int) -> Level:
    """Level ``number`` (1 the weakest), clamped to the ladder."""
    return LADDER[max(1, min(number, len(LADDER))) - 1]


class Mixed:
    """A level between two players: the ``strong`` one's move with chance ``share``
    (``shares``: another chance in the games named there), else the ``weak`` one's; a
    certain sweep kept when ``sweep_safe``. A chance of 0 draws no coin."""

    def __init__(
        self,
        weak: Policy,
        strong: Policy,
        share: float,
        sweep_safe: bool,
        shares: dict[str, float] | None = None,
    ) -> None:
        self.weak, self.strong, self.share, self.sweep_safe = weak, strong, share, sweep_safe
        self.shares = shares or {}

    def __call__(self, game: Game, view: Observation, rng: random.Random) -> int:
        share = self.shares.get(game.name, self.share)
        player = self.strong if share and rng.random() < share else self.weak
        move = player(game, view, rng)
        if self.sweep_safe:
            return keep_sweep(game, view, move)
        return move


class SweepSafe:
    """A player that never throws away a sweep it is certain of."""

    def __init__(self, player: Policy) -> None:
        self.player = player

    def __call__(self, game: Game, view: Observation, rng: random.Random) -> int:
        return keep_sweep(game, view, self.player(game, view, rng))


def certain_sweeps(game: Game, view: Observation) -> list[int]:
    """The legal moves that empty the table and score a sweep by the rules."""
    if not game.has_sweeps() or not view.table:
        return []
    table = mask_of(view.table)
    last_play = not view.stock and sum(view.hand_sizes) == 1
    found = []
    for move in view.legal_moves:
        info = describe_move(move)
        if info.claim or not info.captures:
            continue
        taken = mask_of(info.captures)
        if taken == table and game.scores_sweep(info.card, taken, last_play):
            found.append(move)
    return found


def keep_sweep(game: Game, view: Observation, move: int) -> int:
    """``move``, or a certain sweep in its place when ``move`` is not one."""
    sweeps = certain_sweeps(game, view)
    if not sweeps or move in sweeps:
        return move
    return min(sweeps)


def make_level(name: str, expert: Policy | None = None) -> Policy:
    """The policy of level ``name``; ``expert``: the hard bot it uses (a seat's, with
    its time cap), else the arena's."""
    level = level_named(name)
    expert = expert or make_policy("expert")
    by_game = {game: mix[name] for game, mix in GAME_MIX.items() if name in mix}
    if name == "random":
        return Mixed(random_player, greedy, 0.0, False, by_game)
    if name == "learner":
        return Mixed(random_player, greedy, MIX["learner"], False, by_game)
    if name == "sharp":
        return Mixed(greedy, expert, MIX["sharp"], level.number >= SWEEP_SAFE)
    policy = expert if name == "expert" else make_policy(name)
    return SweepSafe(policy) if level.number >= SWEEP_SAFE else policy
