-- Administration: review moderation, order notes, stock bookkeeping per order.
ALTER TABLE reviews ADD COLUMN status TEXT NOT NULL DEFAULT 'approved';
UPDATE reviews SET status = CASE WHEN approved THEN 'approved' ELSE 'hold' END;

-- Whether the order's items are currently taken from stock (true from checkout;
-- false after a cancellation put them back).
ALTER TABLE orders ADD COLUMN stock_reduced BOOLEAN NOT NULL DEFAULT TRUE;

CREATE TABLE order_notes (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    note TEXT NOT NULL,
    customer_note BOOLEAN NOT NULL DEFAULT FALSE,
    author TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX order_notes_order ON order_notes (order_id);
CREATE INDEX orders_created ON orders (created_at);

-- Search-engine title and description, set in the admin (exposed to tools as Yoast's meta keys).
ALTER TABLE products ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
