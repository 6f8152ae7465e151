-- A business customer's VAT id as given at checkout, and whether the order is a reverse-charge
-- supply (§13b UStG): charged without VAT, the customer owes it.
ALTER TABLE orders ADD COLUMN vat_id TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN reverse_charge BOOLEAN NOT NULL DEFAULT FALSE;
