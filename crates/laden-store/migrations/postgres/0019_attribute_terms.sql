-- Which attribute terms each product offers (WooCommerce's attribute lookup table): what
-- listing filters and the Store API's `attributes` filter by, and count. Written with every
-- product change; rows from before are filled when the store opens (`attributes_indexed`).
CREATE TABLE product_attribute_terms (
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    attribute TEXT NOT NULL,
    attribute_name TEXT NOT NULL,
    term TEXT NOT NULL,
    term_name TEXT NOT NULL,
    PRIMARY KEY (product_id, attribute, term)
);
CREATE INDEX product_attribute_terms_term ON product_attribute_terms (attribute, term);
ALTER TABLE products ADD COLUMN attributes_indexed BOOLEAN NOT NULL DEFAULT FALSE;
