"""``python -m bot.pictures --bench`` / ``--sample DIR``: see ``bot.pictures.cli``."""

from .cli import main

main()
