-- Moves the bot made for a member (their turn timer ran out, or it kept their seat
-- after timeouts in a row) are marked, so a review does not weigh them as the
-- member's and the replay can say who played them. Moves saved before: the member's.
ALTER TABLE moves ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0;
