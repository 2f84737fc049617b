"""Tournaments: Swiss and knock-out, run by the bot from sign-up to podium.

- ``pairing``: Swiss pairings by a maximum-weight matching, knock-out brackets (pure).
- ``standings``: points and tie-breaks (pure).
- ``model``: what a tournament is and how it is stored.
- ``rules``: what each step does to a tournament (pure: refusals are ``TableError``).
- ``invitations``: a pair entered once the partner accepts (pure, as ``rules``).
- ``matches``: a pairing's table opened (or found again after a kill) and started.
- ``service``: the commands, one lock and one save per tournament; its tables are
  played through the table service.
- ``handlers``: ``/tournament`` and the sign-up's and invitations' buttons.
"""
