-- Whether the order holds goods to ship (WooCommerce's `needs_shipping`): false for an order
-- of only virtual or downloadable goods, which has no shipping address of its own.
ALTER TABLE orders ADD COLUMN needs_shipping BOOLEAN NOT NULL DEFAULT TRUE;
