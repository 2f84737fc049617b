"""A tournament of pairs: a member asks a partner to enter with them, and the pair is
an entrant only once the partner accepts. Pure, like ``rules``: on a copy the service
saves; a refusal is a ``TableError``."""

from __future__ import annotations

from ..tables import TableError
from . import rules
from .model import Invitation, Tournament


def invite(tournament: Tournament, inviter: int, partner: int, names: list[str]) -> None:
    """Ask ``partner``, where the pair could join now; the inviter's invitation still
    waiting, if any, is withdrawn."""
    rules.check_join(tournament, [inviter, partner])
    for earlier in tournament.invitations:
        if earlier.inviter == inviter and earlier.answer == "waiting":
            earlier.answer = "withdrawn"
    tournament.invitations.append(Invitation(inviter=inviter, partner=partner, names=names))


def to_answer(tournament: Tournament, number: int, user_id: int) -> Invitation:
    """Invitation ``number``, which ``user_id`` may answer: its partner, while it waits."""
    if not 0 <= number < len(tournament.invitations):
        raise TableError("tournament.invitation_gone")
    invitation = tournament.invitations[number]
    if user_id != invitation.partner:
        raise TableError("tournament.invitation_not_yours", partner=f"<@{invitation.partner}>")
    if state(tournament, invitation) != "waiting":
        raise TableError("tournament.invitation_gone")
    return invitation


def accept(tournament: Tournament, number: int, user_id: int, rating: int) -> None:
    """The pair is entered; other invitations of either member still waiting are
    withdrawn."""
    invitation = to_answer(tournament, number, user_id)
    rules.join(tournament, invitation.members, invitation.pair, rating)
    invitation.answer = "accepted"
    for other in tournament.invitations:
        if other.answer == "waiting" and set(other.members) & set(invitation.members):
            other.answer = "withdrawn"


def decline(tournament: Tournament, number: int, user_id: int) -> None:
    to_answer(tournament, number, user_id).answer = "declined"


def state(tournament: Tournament, invitation: Invitation) -> str:
    """Its answer; ``closed`` for one still waiting when the sign-up closed (the
    tournament started or was cancelled)."""
    if invitation.answer == "waiting" and tournament.status != "signup":
        return "closed"
    return invitation.answer
