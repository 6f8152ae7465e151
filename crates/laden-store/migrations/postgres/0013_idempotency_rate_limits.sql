-- A checkout may carry an `Idempotency-Key` header: a second request with the same key answers
-- with the first one's order instead of placing another.
ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key);

-- Fixed-window counters shared by every instance (login failures per address, registrations,
-- withdrawal lookups …). `bucket` names the action and the client, e.g. `login:203.0.113.9`.
CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY,
    hits BIGINT NOT NULL,
    window_start BIGINT NOT NULL
);
