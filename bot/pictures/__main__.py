"""``python -m bot.pictures --bench`` / ``--sample DIR``: see ``bot.pictures.layouts``."""

from .layouts import main

main()
