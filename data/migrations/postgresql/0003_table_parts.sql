-- What a table keeps beyond the engine, in parts that say what they are (issue 23):
-- the flat ``ui`` object becomes {settings, turn, log, end_reason}. Keys an older row
-- lacks stay absent from its settings, so their defaults apply when the row is read.
UPDATE game_tables SET ui = jsonb_build_object(
    'settings', ui::jsonb - ARRAY['pending', 'turn_deadline', 'turn_opened', 'last_seat',
        'last_events', 'auto_move', 'log', 'results', 'seat_sweeps', 'hands_played',
        'end_reason'],
    'turn', jsonb_build_object(
        'pending', ui::jsonb -> 'pending',
        'deadline', ui::jsonb -> 'turn_deadline',
        'opened', COALESCE(ui::jsonb -> 'turn_opened', '0')),
    'log', jsonb_build_object(
        'last_seat', ui::jsonb -> 'last_seat',
        'last_events', COALESCE(ui::jsonb -> 'last_events', '[]'),
        'auto_move', COALESCE(ui::jsonb -> 'auto_move', 'false'),
        'hand', COALESCE(ui::jsonb -> 'log', '[]'),
        'results', COALESCE(ui::jsonb -> 'results', '[]'),
        'seat_sweeps', COALESCE(ui::jsonb -> 'seat_sweeps', '[]'),
        'hands_played', COALESCE(ui::jsonb -> 'hands_played', '0')),
    'end_reason', ui::jsonb -> 'end_reason')::text
WHERE ui::jsonb -> 'settings' IS NULL;
