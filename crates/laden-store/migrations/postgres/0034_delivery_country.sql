-- Where an order's goods go (ISO code), as a column: the One-Stop-Shop threshold sums a year's
-- sales to consumers in other EU countries by it without reading every order's address.
ALTER TABLE orders ADD COLUMN delivery_country TEXT NOT NULL DEFAULT '';
UPDATE orders SET delivery_country = UPPER(COALESCE(
    NULLIF(shipping::jsonb ->> 'country', ''),
    NULLIF(billing::jsonb ->> 'country', ''),
    'DE'));
CREATE INDEX orders_delivery_country ON orders (delivery_country, created_at);
