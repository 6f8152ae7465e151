-- A catalogue of any size (issue 65).
-- `catalog_version`: the content version of the last change of which products the listings
-- hold (a `catalog` or `all` change, recorded in the same statement as the change itself).
-- What is counted over the whole catalogue (the categories' product counts) is counted once
-- per such change and kept, on every instance, until the next.
ALTER TABLE site_state ADD COLUMN catalog_version BIGINT NOT NULL DEFAULT 0;

-- What listings filter and sort by, in one index narrow beside the rows (no descriptions, no
-- JSON): a listing finds its page's ids and its count here by an index-only scan (`ids_first`
-- lists), and reads only the rows it shows. The keys are what is compared (so a stock status and
-- a price bound narrow the scan), the rest is carried.
CREATE INDEX products_listing ON products (status, kind, catalog_visibility, stock_status, price, max_price)
    INCLUDE (sale_price, featured, menu_order, total_sales, rating_sum, rating_count, created_at, updated_at,
    parent_id, name, id);
-- Variations on sale name their parents (the `on_sale` filter of a variable product); it begins
-- as the index of kind and status did, which it replaces.
CREATE INDEX products_variations_on_sale ON products (kind, status, parent_id) INCLUDE (price, sale_price);
DROP INDEX products_kind_status;
-- A facet counts the terms of the products a listing holds: product by product, from the
-- index alone (names too).
CREATE INDEX product_attribute_terms_facet ON product_attribute_terms (product_id, attribute, term) INCLUDE (attribute_name, term_name);

-- The search's index: each product's kept terms (`search_name`, `search_parts`, `search_body`,
-- see laden_domain::catalog::search) as a text-search vector, weighted by where they stand
-- (A name, B compound parts, D the rest), in a GIN index, so a query word finds the products
-- with a term it begins by a lookup, not by reading every row. The terms are taken as they are
-- kept (a `tsvector` written out, no parser or dictionary), so the index holds exactly the kept
-- terms, as SQLite's does. Each term is written as `term:1A` (a position carries the weight;
-- terms hold only letters and digits, so nothing needs quoting). A generated column: current
-- with every write of the terms.
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    regexp_replace(search_name, '(\S+)', '\1:1A', 'g')::tsvector
    || regexp_replace(search_parts, '(\S+)', '\1:1B', 'g')::tsvector
    || regexp_replace(search_body, '(\S+)', '\1:1D', 'g')::tsvector
) STORED;
CREATE INDEX products_search ON products USING GIN (search_vector);

-- The sale schedule (every few seconds) reads only the products with a scheduled sale, and only
-- what it decides by: this index, not the catalogue. It replaces the index of the dates alone.
CREATE INDEX products_scheduled_sales ON products (id, parent_id, regular_price, sale_price, price, sale_from, sale_to)
    WHERE sale_price IS NOT NULL AND (sale_from IS NOT NULL OR sale_to IS NOT NULL);
DROP INDEX products_sale_dates;
