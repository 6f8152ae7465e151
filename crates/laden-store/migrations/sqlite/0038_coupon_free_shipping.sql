-- WooCommerce's coupon option „Kostenlosen Versand erlauben“ (`free_shipping`): the coupon
-- offers its cart the zone's free shipping whatever the goods cost.
ALTER TABLE coupons ADD COLUMN free_shipping BOOLEAN NOT NULL DEFAULT FALSE;
