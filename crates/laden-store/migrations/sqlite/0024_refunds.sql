-- Refunds (wc/v3 `orders/{id}/refunds`): money given back on an order, for some of its lines
-- or as an amount. `lines` is what the refund gave back of each order line,
-- `[{"position", "quantity", "total"}]` (gross cents); `amount` is the whole refund.
CREATE TABLE refunds (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    amount BIGINT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    refunded_by BIGINT NOT NULL DEFAULT 0,
    restocked BOOLEAN NOT NULL DEFAULT FALSE,
    lines TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id);

-- Units of a line that refunds put back in stock: closing or reopening the order later moves
-- only the others.
ALTER TABLE order_items ADD COLUMN restocked BIGINT NOT NULL DEFAULT 0;

-- A partial cancellation (Teilstornorechnung) names the invoice it corrects and its refund;
-- an invoice may have many, and one full cancellation (`cancels`) of what they left.
ALTER TABLE invoices ADD COLUMN corrects BIGINT REFERENCES invoices(id);
ALTER TABLE invoices ADD COLUMN refund_id BIGINT REFERENCES refunds(id);
CREATE INDEX invoices_corrects ON invoices (corrects);
