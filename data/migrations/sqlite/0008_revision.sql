-- Conditional saves (issue 14): every save of a table raises its revision, and only
-- the process that read the revision it replaces may save; two processes can never
-- both apply a move. The version counts the game's moves (buttons carry it); the
-- revision counts every save.
ALTER TABLE game_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
