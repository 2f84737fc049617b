-- Pictures (issue 5): each server chooses whether boards and hands carry a picture.
ALTER TABLE guild_settings ADD COLUMN images INTEGER NOT NULL DEFAULT 1;
