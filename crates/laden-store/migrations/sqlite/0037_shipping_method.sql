-- The shipping method the shopper chose for a cart (WooCommerce's rate id, `flat_rate:103`;
-- empty: the cheapest delivery), and the method an order was placed with, with its title as
-- the shopper saw it.
ALTER TABLE carts ADD COLUMN shipping_rate TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN shipping_method TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN shipping_method_title TEXT NOT NULL DEFAULT '';
