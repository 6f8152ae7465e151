-- Login sessions (shared by every instance) and failed-login throttling.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_failures (
    login TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    first_at BIGINT NOT NULL,
    locked_until BIGINT NOT NULL DEFAULT 0
);

ALTER TABLE media ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
