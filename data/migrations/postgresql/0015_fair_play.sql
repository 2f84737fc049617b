-- Fair play (issue 46). A quick-play match lost by forfeit (its member left, or let the
-- bot play every turn) is rated, a loss for the side that left and a win for the side
-- that stayed: each line counts those matches apart.
ALTER TABLE player_results ADD COLUMN forfeits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_results ADD COLUMN forfeit_wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE season_results ADD COLUMN forfeits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE season_results ADD COLUMN forfeit_wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE global_results ADD COLUMN forfeits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE global_results ADD COLUMN forfeit_wins INTEGER NOT NULL DEFAULT 0;

-- At most one rematch of a finished quick-play match: its pairing names the match.
ALTER TABLE pool_pairings ADD COLUMN rematch_of BIGINT;
CREATE UNIQUE INDEX pool_pairings_one_rematch ON pool_pairings (rematch_of);

-- The hard bot is offered to a member who has waited ``OFFER_AFTER`` since
-- ``joined_at`` (as the pairing's widening range is measured), once: ``offered``.
ALTER TABLE pool_entries DROP COLUMN waves;
ALTER TABLE pool_entries ADD COLUMN offered INTEGER NOT NULL DEFAULT 0;

-- The pool's line in a member's DMs (sent at every /play: it proves their DMs open):
-- the last one's id, deleted when the next is sent, so their DMs keep one.
ALTER TABLE member_settings ADD COLUMN pool_notice BIGINT NOT NULL DEFAULT 0;
