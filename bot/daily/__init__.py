"""The daily deal: one hand a UTC day against the hard bot, the same deal worldwide.

- ``deal``: what a day's deal is (pure: days, seeds, positions, the score).
- ``service``: members' hands, played and saved move by move, with the bot's replies.
- ``handlers``: ``/daily`` and the hand's buttons.
"""
