-- What the staff console and the diners' phones are told as it happens (new
-- reservations, proofs, refill requests and their moves). Every replica sends
-- them from here to its open streams, and a stream that reconnects is sent what
-- it missed after its last id. Rows are kept for an hour (housekeeping).
-- audience: 'staff', or 'table:<dining session id>' for one table's phones.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  audience text NOT NULL,
  kind text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX live_events_audience_id ON live_events (audience, id);
