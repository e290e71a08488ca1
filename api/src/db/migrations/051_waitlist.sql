-- The waitlist: diners waiting for a fully booked date and slot. When a table
-- frees, the first party it fits is offered it for a short time (the offer holds
-- the table), then the next.

CREATE TABLE waitlist_entries (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id       integer NOT NULL REFERENCES customers (id),
  reservation_date  date NOT NULL,
  reservation_time  text NOT NULL CHECK (reservation_time IN ('17:00', '18:30', '20:00')),
  party_size        integer NOT NULL CHECK (party_size BETWEEN 1 AND 20),
  customer_name     text NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 160),
  email             text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone             text NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
  status            text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'claimed', 'lapsed', 'left')),
  offered_table_id  integer REFERENCES restaurant_tables (id),
  offer_expires_at  timestamptz,
  reservation_id    integer REFERENCES reservations (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'offered' OR (offered_table_id IS NOT NULL AND offer_expires_at IS NOT NULL))
);

-- A diner waits once per date and slot.
CREATE UNIQUE INDEX waitlist_one_per_customer_slot ON waitlist_entries (customer_id, reservation_date, reservation_time)
  WHERE status IN ('waiting', 'offered');
-- One open offer per table and slot.
CREATE UNIQUE INDEX waitlist_one_offer_per_table ON waitlist_entries (offered_table_id, reservation_date, reservation_time)
  WHERE status = 'offered';
CREATE INDEX waitlist_queue ON waitlist_entries (reservation_date, reservation_time, created_at) WHERE status = 'waiting';
