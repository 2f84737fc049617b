"""Watching a match (``/watch``, Watch buttons): who may watch what (``doors``), the
matches worth watching first (``listing``), and the croupier's handlers
(``handlers``). A watcher's view is a private answer to their own click
(``screens.watch``), drawn from the public observation only: watching costs no
rate-limited Discord call."""
