-- Double opt-in: an account a customer registers is confirmed by a link sent to its e-mail
-- address before it can log in. Accounts made by staff (and every existing one) are confirmed.
ALTER TABLE users ADD COLUMN confirmed_at BIGINT;
UPDATE users SET confirmed_at = created_at;
-- Mails about an account rather than an order (the confirmation link).
ALTER TABLE mails ADD COLUMN user_id BIGINT REFERENCES users(id) ON DELETE CASCADE;
