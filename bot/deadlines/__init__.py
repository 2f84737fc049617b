"""Slow tables' deadlines and their sweep: each process fires the due deadlines of the
tables it drives (a reminder at most once, a time out as a fenced table change), and
gives every slow turn back the time the bot was away.

- ``sweep``: ``DeadlineSweep``, the loop, and what it does with each due deadline.
"""

from .sweep import DeadlineSweep

__all__ = ["DeadlineSweep"]
