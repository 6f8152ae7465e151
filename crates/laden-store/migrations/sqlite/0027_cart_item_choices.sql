-- The values a shopper chose for a variation's "any" attributes (WooCommerce's cart item
-- `variation`), as JSON [[attribute, value], …]; empty when it has none.
ALTER TABLE cart_items ADD COLUMN variation TEXT NOT NULL DEFAULT '';
