"""Puzzles mined from finished matches (issue 49).

``puzzle``: what a puzzle is (a position, its answer line, its themes), pure. Mining
(finding and verifying puzzles) is pure and lives beside it; serving them to members
(ratings, the daily puzzle, the Discord screens) lives apart.
"""
