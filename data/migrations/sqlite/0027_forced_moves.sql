-- Forced moves at slow tables (issue 47): a member who allows it (``/profile``) has a
-- move with no choice (one legal move) played for them at once.
ALTER TABLE member_settings ADD COLUMN auto_forced INTEGER NOT NULL DEFAULT 0;
