"""A tournament of pairs' invitation, in the tournament's channel: it pings the partner
and offers Accept and Decline (the partner's alone to press); once accepted, declined,
withdrawn or closed with the sign-up, it says so and its buttons go."""

from __future__ import annotations

from discord import ui

from ..i18n import tr
from ..tournaments import invitations
from ..tournaments.model import Tournament
from .common import green, grey
from .ids import InvitationButton


def invitation_message(tournament: Tournament, number: int, lang: str) -> tuple[str, ui.View]:
    invitation = tournament.invitations[number]
    state = invitations.state(tournament, invitation)
    text = tr(
        lang,
        f"tournament.invitation.{state}",
        partner=f"<@{invitation.partner}>",
        inviter=invitation.names[0],
        pair=invitation.pair,
        id=tournament.id,
    )
    view = ui.View(timeout=None)
    if state == "waiting":
        for action, style in (("accept", green), ("decline", grey)):
            label = tr(lang, f"tournament.button.{action}")
            view.add_item(InvitationButton(tournament.id, number, action, label=label, style=style))
    return text, view
