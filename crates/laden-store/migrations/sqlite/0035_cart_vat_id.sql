-- A business customer's VAT id as the checkout gave it so far (Store API cart/update-customer):
-- with the shop's reverse charge, goods to a business in another member state are priced net
-- in the cart already, as the order will charge them.
ALTER TABLE carts ADD COLUMN vat_id TEXT NOT NULL DEFAULT '';
