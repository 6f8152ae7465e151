-- The shop's attributes and their terms with ids (WooCommerce's global attributes and their
-- terms, `pa_<slug>`): what the Store API lists at `/products/attributes[/{id}[/terms]]` and what
-- its `attributes[N][term_id]` filter names. Made from the products' attributes as they are
-- written (never removed: an id once given stays the same), by slug.
CREATE TABLE attributes (
    id BIGSERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
);

CREATE TABLE attribute_terms (
    id BIGSERIAL PRIMARY KEY,
    attribute_id BIGINT NOT NULL REFERENCES attributes(id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (attribute_id, slug)
);

INSERT INTO attributes (slug, name)
    SELECT attribute, MIN(attribute_name) FROM product_attribute_terms GROUP BY attribute ORDER BY attribute;
INSERT INTO attribute_terms (attribute_id, slug, name)
    SELECT a.id, t.term, MIN(t.term_name) FROM product_attribute_terms t JOIN attributes a ON a.slug = t.attribute
    GROUP BY a.id, t.term ORDER BY a.id, t.term;
