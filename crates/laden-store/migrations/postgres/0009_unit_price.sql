-- Grundpreis (PAngV): the unit of a product's content (g, kg, ml, l, m, Stück), the content and the
-- reference amount, both in thousandths of the unit (NULL reference: the legal default, 1 kg / 1 l / 1 m / 1 Stück).
ALTER TABLE products ADD COLUMN unit TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN unit_content BIGINT;
ALTER TABLE products ADD COLUMN unit_base BIGINT;
