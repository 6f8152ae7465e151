-- Coupons (WooCommerce's shop_coupon): a percentage or a fixed amount off the cart, with an
-- optional expiry, minimum order value and usage limit. `usage_count` is raised in the checkout's
-- transaction by a conditional update, so a limited coupon is never redeemed more often.
CREATE TABLE coupons (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    discount_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    date_expires BIGINT,
    usage_limit BIGINT,
    usage_count BIGINT NOT NULL DEFAULT 0,
    minimum_amount BIGINT,
    status TEXT NOT NULL DEFAULT 'publish',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK (usage_limit IS NULL OR usage_count <= usage_limit)
);

CREATE TABLE cart_coupons (
    cart_id BIGINT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    coupon_id BIGINT NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    PRIMARY KEY (cart_id, coupon_id)
);

-- An order keeps its coupons as redeemed: code and discount (gross cents) at that time.
ALTER TABLE orders ADD COLUMN discount_total BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount_tax BIGINT NOT NULL DEFAULT 0;
CREATE TABLE order_coupons (
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    coupon_id BIGINT REFERENCES coupons(id) ON DELETE SET NULL,
    code TEXT NOT NULL,
    discount BIGINT NOT NULL,
    discount_tax BIGINT NOT NULL,
    position BIGINT NOT NULL
);
CREATE INDEX order_coupons_order ON order_coupons (order_id);
