-- How an order is taxed by where its goods go and who buys them (laden_domain::supply):
-- 'domestic', 'destination:AT', 'intra_community' (goods to a business in another member
-- state) or 'export' (out of the EU). The orders charged without VAT so far were the former.
ALTER TABLE orders ADD COLUMN supply TEXT NOT NULL DEFAULT 'domestic';
UPDATE orders SET supply = 'intra_community' WHERE reverse_charge;
-- A line of a service (a virtual or downloadable product) rather than goods: in an
-- intra-community supply its customer owes the VAT (reverse charge) where goods are tax-free.
ALTER TABLE order_items ADD COLUMN service BOOLEAN NOT NULL DEFAULT FALSE;
