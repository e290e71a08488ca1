-- What a booking holds and for how long: bookings still waiting for a proof are
-- found by age (they expire), and a retried save is compared with the first.

CREATE INDEX reservations_awaiting_proof ON reservations (created_at) WHERE status = 'pending' AND payment_status = 'pending';
CREATE INDEX reservations_pending_by_customer ON reservations (customer_id) WHERE status = 'pending';

-- A digest of the request a key was first used with: the same key with another request is refused.
ALTER TABLE reservations ADD COLUMN request_digest text;
