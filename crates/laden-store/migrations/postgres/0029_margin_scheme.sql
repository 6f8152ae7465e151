-- An order line sold under the margin scheme for second-hand goods (§ 25a UStG): no VAT shown on
-- it (its tax_rate is 0), its invoice line in EN 16931 category E ("Gebrauchtgegenstände/
-- Sonderregelung").
ALTER TABLE order_items ADD COLUMN margin BOOLEAN NOT NULL DEFAULT FALSE;
