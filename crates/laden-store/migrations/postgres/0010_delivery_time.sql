-- Lieferzeit: a product's or variation's own delivery time (empty: its parent's, else the shop's default).
ALTER TABLE products ADD COLUMN delivery_time TEXT NOT NULL DEFAULT '';
