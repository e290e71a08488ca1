-- Table reservations with their down-payment proof.

CREATE TABLE reservations (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id      integer NOT NULL REFERENCES customers (id),
  customer_name    text NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 160),
  email            text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone            text NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
  table_id         integer NOT NULL REFERENCES restaurant_tables (id),
  occasion         text CHECK (occasion IS NULL OR length(occasion) <= 80),
  number_of_guests integer NOT NULL CHECK (number_of_guests BETWEEN 1 AND 20),
  reservation_date date NOT NULL,
  reservation_time text NOT NULL CHECK (reservation_time IN ('17:00', '18:30', '20:00')),
  duration_hours   integer NOT NULL DEFAULT 2 CHECK (duration_hours BETWEEN 1 AND 6),
  -- What the client sent (0 in the first version) and what the restaurant asks for, from the API's configuration.
  payment_amount   integer NOT NULL DEFAULT 0 CHECK (payment_amount >= 0),
  down_payment_due integer NOT NULL CHECK (down_payment_due >= 0),
  payment_status   text NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'pending_review', 'paid', 'rejected')),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'declined', 'cancelled')),
  notes            text CHECK (notes IS NULL OR length(notes) <= 500),
  idempotency_key  text CHECK (idempotency_key IS NULL OR length(idempotency_key) BETWEEN 8 AND 100),
  decided_by       text,
  decided_at       timestamptz,
  decline_reason   text CHECK (decline_reason IS NULL OR length(decline_reason) <= 500),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The database itself refuses a second active booking of one table for one date and slot.
CREATE UNIQUE INDEX reservations_one_active_booking
  ON reservations (table_id, reservation_date, reservation_time) WHERE status IN ('pending', 'confirmed');
-- A retried save with the same key finds the first one.
CREATE UNIQUE INDEX reservations_idempotency ON reservations (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX reservations_by_date ON reservations (reservation_date, reservation_time);
CREATE INDEX reservations_by_customer ON reservations (customer_id, created_at DESC);

-- The uploaded proof (one per reservation; a new upload replaces it).
CREATE TABLE reservation_payment_proofs (
  reservation_id integer PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  content_type   text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  file_name      text NOT NULL DEFAULT '' CHECK (length(file_name) <= 200),
  size_bytes     integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  data           bytea NOT NULL,
  uploaded_at    timestamptz NOT NULL DEFAULT now()
);
