-- The delivery country a cart is priced for (Store API update-customer); NULL: the shop's home country.
ALTER TABLE carts ADD COLUMN shipping_country TEXT;
