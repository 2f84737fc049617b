-- The global board ranks a game's members from every server: an index in its order
-- (issue 25's benchmark: 100,000 members), so a page reads ten rows, not all of them.
CREATE INDEX global_results_rank ON global_results (game, (mu - 3 * sigma) DESC, won DESC, user_id);
