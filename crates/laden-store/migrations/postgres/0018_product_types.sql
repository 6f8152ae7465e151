-- WooCommerce's other product types and catalogue fields.
-- kind gains 'grouped' and 'external'. The fields no query needs (virtual, downloadable and
-- their files, external URL and button text, weight and dimensions, purchase note, sold
-- individually, backorders, tax status, grouped children, upsells, cross-sells) are one typed
-- JSON document, as WooCommerce keeps them in post meta; the sale's dates are columns, since
-- the sale scheduler asks for them.
ALTER TABLE products ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
ALTER TABLE products ADD COLUMN sale_from BIGINT;
ALTER TABLE products ADD COLUMN sale_to BIGINT;
CREATE INDEX products_sale_dates ON products (sale_from, sale_to);

CREATE TABLE tags (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE product_tags (
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    tag_id BIGINT NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_tag ON product_tags (tag_id);

-- A paid order's right to download one file of one product (WooCommerce's download
-- permissions): the link's token, the downloads left (NULL: unlimited) and the expiry.
CREATE TABLE download_grants (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL,
    download_id TEXT NOT NULL,
    name TEXT NOT NULL,
    product_name TEXT NOT NULL,
    file TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    remaining BIGINT,
    expires_at BIGINT,
    count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    UNIQUE (order_id, product_id, download_id),
    CHECK (remaining IS NULL OR remaining >= 0)
);
-- What the line asked to be told after purchase, as it was then.
ALTER TABLE order_items ADD COLUMN purchase_note TEXT NOT NULL DEFAULT '';
