-- A phone that sends a refill again (it was offline, or the answer was lost)
-- names it with the same key: the table gets one request, not two.
ALTER TABLE refill_requests ADD COLUMN idempotency_key text CHECK (idempotency_key IS NULL OR length(idempotency_key) BETWEEN 8 AND 100);
CREATE UNIQUE INDEX refill_requests_idempotency ON refill_requests (session_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
