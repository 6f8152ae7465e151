-- WordPress application passwords: per user, named, shown once; only a hash is kept.
CREATE TABLE application_passwords (
    uuid TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    app_id TEXT NOT NULL DEFAULT '',
    secret_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_used BIGINT,
    last_ip TEXT
);
CREATE INDEX application_passwords_user ON application_passwords (user_id);
