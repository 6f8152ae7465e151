-- Page versions: every save raises the revision (an editor saving over a newer
-- version is refused) and keeps the saved state in page_revisions.
ALTER TABLE pages ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;

CREATE TABLE page_revisions (
    id INTEGER PRIMARY KEY,
    page_id BIGINT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    revision BIGINT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    status TEXT NOT NULL,
    author_id BIGINT,
    created_at BIGINT NOT NULL,
    UNIQUE (page_id, revision)
);
