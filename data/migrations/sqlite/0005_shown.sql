-- One live table (issue 13): what Discord shows of a table (its lobby and board
-- messages, hand panels, the turn ping, the results posted) is the publisher's own
-- record, apart from the table. Live tables keep their lobby and board messages.
CREATE TABLE table_shown (
    table_id INTEGER PRIMARY KEY REFERENCES game_tables (id),
    data TEXT NOT NULL            -- JSON, bot.publisher.Shown
);

INSERT INTO table_shown (table_id, data)
SELECT id, json_object(
    'lobby_message_id', lobby_message_id,
    'board_message_id', board_message_id,
    'results_posted', 0
)
FROM game_tables WHERE status IN ('lobby', 'playing');

ALTER TABLE game_tables DROP COLUMN lobby_message_id;
ALTER TABLE game_tables DROP COLUMN board_message_id;
