-- German market: what the shopper accepted at checkout, the item's Grundpreis and
-- Lieferzeit as sold, withdrawals (§356a BGB), the e-mail queue, the price history (Omnibus).
ALTER TABLE orders ADD COLUMN legal TEXT NOT NULL DEFAULT '[]';
ALTER TABLE order_items ADD COLUMN unit_pricing TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN delivery_time TEXT NOT NULL DEFAULT '';

CREATE TABLE withdrawals (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    statement TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

-- Written in the same transaction as what they report; delivered (SMTP or the
-- outbox folder) by a worker that retries with back-off.
CREATE TABLE mails (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    order_id BIGINT REFERENCES orders(id) ON DELETE CASCADE,
    recipient TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    locked_until BIGINT,
    last_error TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX mails_due ON mails (status, next_attempt_at);
CREATE INDEX mails_order ON mails (order_id);

-- Every effective price a product had, from when: kept by triggers, whatever writes the price.
CREATE TABLE price_history (
    id INTEGER PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    price BIGINT NOT NULL,
    since BIGINT NOT NULL
);
CREATE INDEX price_history_product ON price_history (product_id, since);
INSERT INTO price_history (product_id, price, since) SELECT id, price, created_at FROM products WHERE price IS NOT NULL;
CREATE TRIGGER products_price_history_insert AFTER INSERT ON products WHEN NEW.price IS NOT NULL
BEGIN
    INSERT INTO price_history (product_id, price, since) VALUES (NEW.id, NEW.price, CAST(strftime('%s', 'now') AS INTEGER));
END;
CREATE TRIGGER products_price_history_update AFTER UPDATE OF price ON products WHEN NEW.price IS NOT NULL AND NEW.price IS NOT OLD.price
BEGIN
    INSERT INTO price_history (product_id, price, since) VALUES (NEW.id, NEW.price, CAST(strftime('%s', 'now') AS INTEGER));
END;
