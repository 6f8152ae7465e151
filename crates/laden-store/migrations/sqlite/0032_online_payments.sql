-- Online payments: the provider's id of the order's payment (a Stripe PaymentIntent; WooCommerce's
-- `transaction_id`), how many attempts the shopper made (each its own idempotency key at the
-- provider), when the last one began (the hold time counts from it, as WooCommerce counts from
-- the order's last change), and the provider's id of each refund.
ALTER TABLE orders ADD COLUMN transaction_id TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN payment_attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN payment_started_at BIGINT;
-- The unpaid online orders the hold time may cancel, found without reading every order.
CREATE INDEX orders_awaiting_payment ON orders (status, payment_started_at);
ALTER TABLE refunds ADD COLUMN transaction_id TEXT NOT NULL DEFAULT '';

-- Every payment an order's attempts made at a provider, so a late word on an earlier attempt
-- still finds its order (and a second payment is noticed).
CREATE TABLE order_payments (
    provider TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    attempt BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, transaction_id)
);
CREATE INDEX order_payments_order ON order_payments (order_id);

-- Each provider event handled once, whichever instance receives it (a replay changes nothing).
CREATE TABLE payment_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    order_id BIGINT,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- When each provider's webhook was last heard, for the admin.
CREATE TABLE payment_providers (
    provider TEXT PRIMARY KEY,
    last_webhook_at BIGINT NOT NULL
);
