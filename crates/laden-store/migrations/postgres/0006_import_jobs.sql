-- CSV imports started from the admin: progress and report, visible to every instance.
CREATE TABLE import_jobs (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    done BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    report TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
