-- Deposits (Pfand) as charged: on each item of an order line, with the deposit type as it was
-- when sold (JSON: name, packaging, amount, units; empty for none), and the order's sum with the
-- VAT it contains.
ALTER TABLE order_items ADD COLUMN deposit BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN deposit_as_sold TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN deposit_total BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN deposit_tax BIGINT NOT NULL DEFAULT 0;
