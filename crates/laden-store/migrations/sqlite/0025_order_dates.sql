-- When an order was paid and completed (WooCommerce's `date_paid` and `date_completed`): paid
-- when it first reached a paid status (processing or completed), completed when it last became
-- completed.
ALTER TABLE orders ADD COLUMN paid_at BIGINT;
ALTER TABLE orders ADD COLUMN completed_at BIGINT;
-- Orders from before: one paid on placing (every method but Vorkasse, which waits on hold) was
-- paid then; for a Vorkasse order and for completion, its last change is the best moment known.
UPDATE orders SET paid_at = CASE WHEN payment_method = 'bacs' THEN updated_at ELSE created_at END
 WHERE status IN ('processing', 'completed');
UPDATE orders SET completed_at = updated_at WHERE status = 'completed';
