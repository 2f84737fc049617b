"""Screens: one module per message a player sees, its text and its components together.

- ``ids``: every custom id, as ``DynamicItem`` classes; a click goes to the croupier.
- ``common``: cards and players in words, game names and colours, the private reply.
- ``story``: moves in words (the board's log, the score sheet's lead).
- ``lobby``, ``board``, ``hand_panel``, ``hand_score``, ``match_over``, ``ping``,
  ``confirm``, ``rules``, ``leaderboard`` (and ``/stats``), ``history``.
"""
