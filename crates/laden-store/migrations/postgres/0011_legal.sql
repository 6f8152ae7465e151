-- German market: what the shopper accepted at checkout, the item's Grundpreis and
-- Lieferzeit as sold, withdrawals (§356a BGB), the e-mail queue, the price history (Omnibus).
ALTER TABLE orders ADD COLUMN legal TEXT NOT NULL DEFAULT '[]';
ALTER TABLE order_items ADD COLUMN unit_pricing TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN delivery_time TEXT NOT NULL DEFAULT '';

CREATE TABLE withdrawals (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    statement TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

-- Written in the same transaction as what they report; delivered (SMTP or the
-- outbox folder) by a worker that retries with back-off.
CREATE TABLE mails (
    id BIGSERIAL PRIMARY KEY,
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

-- Every effective price a product had, from when: kept by a trigger, whatever writes the price.
CREATE TABLE price_history (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    price BIGINT NOT NULL,
    since BIGINT NOT NULL
);
CREATE INDEX price_history_product ON price_history (product_id, since);
INSERT INTO price_history (product_id, price, since) SELECT id, price, created_at FROM products WHERE price IS NOT NULL;
CREATE FUNCTION laden_price_history() RETURNS trigger AS $$
BEGIN
    IF NEW.price IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.price IS DISTINCT FROM OLD.price) THEN
        INSERT INTO price_history (product_id, price, since) VALUES (NEW.id, NEW.price, EXTRACT(EPOCH FROM clock_timestamp())::BIGINT);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price ON products FOR EACH ROW EXECUTE FUNCTION laden_price_history();
