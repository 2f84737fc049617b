-- Tournaments (issue 26): each one a row, its entrants, pairings and what Discord
-- shows of it kept as JSON (``data``), saved whole under its lock, at ``revision``.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    data TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    settled INTEGER NOT NULL DEFAULT 0,   -- over, and all of it shown (the podium posted)
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX tournaments_live ON tournaments (settled, id);
CREATE INDEX tournaments_server ON tournaments (guild_id, id);

-- Who may open one: members who manage the server (0), or every member (1).
ALTER TABLE guild_settings ADD COLUMN tournaments_open INTEGER NOT NULL DEFAULT 0;
