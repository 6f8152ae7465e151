-- WooCommerce's catalogue visibility: `visible` (shop and search), `catalog` (shop only),
-- `search` (search results only), `hidden` (neither; the product's page stays reachable).
ALTER TABLE products ADD COLUMN catalog_visibility TEXT NOT NULL DEFAULT 'visible';
