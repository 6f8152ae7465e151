-- An account's orders, invoices and downloads are those placed with its e-mail address in any
-- case: found through this index instead of reading every order.
CREATE INDEX orders_email ON orders (LOWER(email));
