"""``/vacation`` and the slow-play choices of ``/profile``, for the croupier."""

from __future__ import annotations

import discord

from .boundary import ErrorBoundary, refusals_answered
from .deadlines.sweep import digest_hour_starts
from .deadlines.vacation import Vacations
from .i18n import language_of
from .publishing import DiscordPort, Publisher
from .screens.slow import slow_profile_text, vacation_answer
from .tables import TableService


class SlowHandlers:
    """Mixed into ``Croupier``, which sets these attributes."""

    boundary: ErrorBoundary
    port: DiscordPort
    service: TableService
    publisher: Publisher

    @property
    def vacations(self) -> Vacations:
        return Vacations(self.port, self.service, self.publisher)

    @refusals_answered
    async def vacation(self, interaction: discord.Interaction, days: int) -> None:
        """Pause every slow clock of the member for ``days`` days (0: back now)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id, lang = interaction.user.id, language_of(interaction.locale)
        until = await self.vacations.start(user_id, days)
        left = await self.vacations.days_left(user_id, self.service.clock())
        await interaction.edit_original_response(content=vacation_answer(until, left, lang))

    async def slow_profile(
        self,
        user_id: int,
        lang: str,
        *,
        reminders: bool | None,
        digest: int | None,
        forced: bool | None = None,
    ) -> str:
        """Change the member's slow-play choices (those given); what they are now."""
        storage = self.service.storage
        changes: dict[str, object] = {}
        if reminders is not None:
            changes["slow_reminders"] = int(reminders)
        if digest is not None:
            changes["digest_hour"] = digest if digest >= 0 else None
        if forced is not None:
            changes["auto_forced"] = int(forced)
        if changes:
            await storage.set_slow_settings(user_id, **changes)
        if digest is not None and digest >= 0:  # the sweep wakes for its first one
            now = self.service.clock()
            self.service.note_deadline(digest_hour_starts(now, digest))
        settings = await storage.slow_settings(user_id)
        left = await self.vacations.days_left(user_id, self.service.clock())
        return slow_profile_text(settings, left, self.service.clock(), lang)
