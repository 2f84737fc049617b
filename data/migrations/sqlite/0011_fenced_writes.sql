-- Fenced claims (issue 28): each claim of a shard bumps its epoch, and every table
-- write checks, in its own transaction, that the writer's epoch is still the shard's:
-- a process whose shard was taken over fails at its first write and stops.
ALTER TABLE shard_claims ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;

-- Truthful answers (issue 28): each move carries the request that made it (the
-- interaction's id, or a token of the bot's own), unique in the move log, so a save
-- whose COMMIT answer was lost can be looked up on a fresh connection.
ALTER TABLE moves ADD COLUMN request_id TEXT;
CREATE UNIQUE INDEX moves_request_id ON moves (request_id);
