-- A catalogue of any size (issue 65).
-- `catalog_version`: the content version of the last change of which products the listings
-- hold (a `catalog` or `all` change, recorded in the same statement as the change itself).
-- What is counted over the whole catalogue (the categories' product counts) is counted once
-- per such change and kept, on every instance, until the next.
ALTER TABLE site_state ADD COLUMN catalog_version BIGINT NOT NULL DEFAULT 0;

-- What listings filter and sort by, in one index narrow beside the rows (no descriptions, no
-- JSON): a listing finds its page's ids and its count here (`ids_first` lists), and reads only
-- the rows it shows. The rowid (`id`) is in every entry.
CREATE INDEX products_listing ON products (status, kind, catalog_visibility, stock_status, price, max_price,
    sale_price, featured, menu_order, total_sales, rating_sum, rating_count, created_at, updated_at, parent_id, name);
-- Variations on sale name their parents (the `on_sale` filter of a variable product); it begins
-- as the index of kind and status did, which it replaces.
CREATE INDEX products_variations_on_sale ON products (kind, status, parent_id, price, sale_price);
DROP INDEX products_kind_status;
-- A facet counts the terms of the products a listing holds: product by product, from the
-- index alone (names too).
CREATE INDEX product_attribute_terms_facet ON product_attribute_terms (product_id, attribute, term, attribute_name, term_name);

-- The search's index: each product's kept terms (`search_name`, `search_parts`, `search_body`,
-- see laden_domain::catalog::search) in SQLite's full-text index, so a query word finds the
-- products with a term it begins by a lookup, not by reading every row. The terms are written
-- folded and space-separated; the `ascii` tokenizer splits them at the spaces only (a term holds
-- letters and digits), so the index holds exactly the kept terms, as PostgreSQL's does.
-- `detail=column`: which column holds a term is all a search asks.
CREATE VIRTUAL TABLE product_search USING fts5(search_name, search_parts, search_body,
    content = 'products', content_rowid = 'id', tokenize = 'ascii', detail = 'column');
INSERT INTO product_search (product_search) VALUES ('rebuild');
-- Kept current in the transaction of every write of the terms.
CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search (rowid, search_name, search_parts, search_body)
        VALUES (new.id, new.search_name, new.search_parts, new.search_body);
END;
CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
    INSERT INTO product_search (product_search, rowid, search_name, search_parts, search_body)
        VALUES ('delete', old.id, old.search_name, old.search_parts, old.search_body);
END;
CREATE TRIGGER product_search_update AFTER UPDATE OF search_name, search_parts, search_body ON products BEGIN
    INSERT INTO product_search (product_search, rowid, search_name, search_parts, search_body)
        VALUES ('delete', old.id, old.search_name, old.search_parts, old.search_body);
    INSERT INTO product_search (rowid, search_name, search_parts, search_body)
        VALUES (new.id, new.search_name, new.search_parts, new.search_body);
END;

-- The sale schedule (every few seconds) reads only the products with a scheduled sale, and only
-- what it decides by: this index, not the catalogue. It replaces the index of the dates alone.
CREATE INDEX products_scheduled_sales ON products (id, parent_id, regular_price, sale_price, price, sale_from, sale_to)
    WHERE sale_price IS NOT NULL AND (sale_from IS NOT NULL OR sale_to IS NOT NULL);
DROP INDEX products_sale_dates;
