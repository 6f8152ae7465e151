-- Invoices (§14 UStG, GoBD). A number is taken from its series' counter in the transaction
-- that issues the invoice, so a rolled-back order takes none and numbers have no gaps; the
-- counter's row lock makes instances on one database take turns. An invoice is written once:
-- `document` is what it says (seller, buyer, lines, VAT per rate as issued), `pdf` the
-- PDF/A-3 made from it, kept from its first rendering on.
CREATE TABLE invoice_counters (
    series TEXT PRIMARY KEY,
    last_number BIGINT NOT NULL
);

CREATE TABLE invoices (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    kind TEXT NOT NULL,
    number TEXT NOT NULL UNIQUE,
    -- A cancellation's invoice; an invoice is cancelled at most once.
    cancels BIGINT UNIQUE REFERENCES invoices(id),
    issued_at BIGINT NOT NULL,
    total BIGINT NOT NULL,
    tax_total BIGINT NOT NULL,
    document TEXT NOT NULL,
    pdf BYTEA
);
CREATE INDEX invoices_order ON invoices (order_id);
CREATE INDEX invoices_issued ON invoices (issued_at);

-- The invoice a mail carries as a PDF attachment.
ALTER TABLE mails ADD COLUMN invoice_id BIGINT;
