-- Slow tables (issue 47). A slow table's deadlines, saved with the table in the same
-- transaction: the reminder at 80% of a turn's time and the turn's time out, each for
-- the turn that opened at version ``turn``. The sweep of every process fires the due
-- ones of its shards: a reminder is claimed (``done``) before it is sent, so it is sent
-- at most once; a time out is a table change, fenced as every table write.
CREATE TABLE deadlines (
    table_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    turn BIGINT NOT NULL,
    due_at DOUBLE PRECISION NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, kind)
);
CREATE INDEX deadlines_due ON deadlines (done, due_at);

-- When each claimed shard's sweep last ran: a process that starts after a pause gives
-- every slow turn of its shards back the time the bot was away.
CREATE TABLE sweeps (
    shard INTEGER PRIMARY KEY,
    swept_at DOUBLE PRECISION NOT NULL
);

-- A member's choices for slow play (``/profile``): reminders at 80% of a turn's time
-- (on by default), a daily digest of the slow matches waiting for their move at the
-- UTC hour they chose (off by default: NULL), and the day it was last sent; their
-- vacation: until when their slow clocks are paused, and the seconds of vacation
-- taken in ``vacation_year`` (14 days a year at most).
ALTER TABLE member_settings ADD COLUMN slow_reminders INTEGER NOT NULL DEFAULT 1;
ALTER TABLE member_settings ADD COLUMN digest_hour INTEGER;
ALTER TABLE member_settings ADD COLUMN digest_day TEXT;
ALTER TABLE member_settings ADD COLUMN vacation_until DOUBLE PRECISION;
ALTER TABLE member_settings ADD COLUMN vacation_year TEXT;
ALTER TABLE member_settings ADD COLUMN vacation_used DOUBLE PRECISION NOT NULL DEFAULT 0;
