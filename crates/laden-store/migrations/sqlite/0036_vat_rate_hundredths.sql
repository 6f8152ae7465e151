-- VAT rates with fractions: member states charge 5.5 % (France), 13.5 % (Ireland) or 25.5 %
-- (Finland), which whole percents cannot hold. An order line keeps its rate in hundredths of a
-- percent (1900 = 19 %), as laden_domain::VatRate does.
ALTER TABLE order_items RENAME COLUMN tax_rate TO tax_rate_hundredths;
UPDATE order_items SET tax_rate_hundredths = tax_rate_hundredths * 100;
