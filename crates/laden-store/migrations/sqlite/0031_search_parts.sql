-- German search finds compound parts (laden_domain::catalog::search::compound_parts: `Handmühle` keeps
-- `muhle`), and folds ue/oe/ae as ü/ö/ä: every product's terms are written anew when the store
-- opens (index_search, a batch a transaction).
ALTER TABLE products ADD COLUMN search_parts TEXT NOT NULL DEFAULT '';
UPDATE products SET search_indexed = FALSE;
