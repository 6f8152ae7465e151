-- German search terms (laden_domain::search): the name's, and the rest's (short description,
-- description, SKU), each word folded and stemmed, space-separated; written with every product
-- change. Rows from before are filled when the store opens.
ALTER TABLE products ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN search_body TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN search_indexed BOOLEAN NOT NULL DEFAULT FALSE;
