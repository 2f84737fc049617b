-- Watchers (issue 48). A server may switch watching its matches off (``watching``); a
-- member may keep their quick-play matches unwatched (``unwatched``, from /profile); a
-- server may keep a broadcast post of its featured match in a channel (``broadcast_channel``).
ALTER TABLE guild_settings ADD COLUMN watching INTEGER NOT NULL DEFAULT 1;
ALTER TABLE member_settings ADD COLUMN unwatched INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN broadcast_channel INTEGER;
