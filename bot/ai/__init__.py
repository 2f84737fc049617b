"""Bot players. Policies see one seat's ``Observation`` (its hand, the table, the
cards shown so far, the scores), never hidden state."""

from .policies import POLICIES, Policy, greedy, make_policy, random_player

__all__ = ["POLICIES", "Policy", "greedy", "make_policy", "random_player"]
