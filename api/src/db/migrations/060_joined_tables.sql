-- Groups of up to 20: tables the owner lets be pushed together, and bookings
-- that hold every table they use. The database refuses a table held twice for
-- one date and slot, whether by a single-table booking or a combination.

-- A combination seats what the owner says: joined tables lose corner seats.
CREATE TABLE table_combinations (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seats      integer NOT NULL CHECK (seats BETWEEN 2 AND 40),
  is_active  boolean NOT NULL DEFAULT true,
  -- Retired with any of its tables (or by the owner); kept for the bookings that used it.
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE table_combination_members (
  combination_id integer NOT NULL REFERENCES table_combinations (id),
  table_id       integer NOT NULL REFERENCES restaurant_tables (id),
  PRIMARY KEY (combination_id, table_id)
);
CREATE INDEX table_combination_members_by_table ON table_combination_members (table_id);

-- A booking of a combination: table_id stays its first table (the first version's field).
ALTER TABLE reservations ADD COLUMN combination_id integer REFERENCES table_combinations (id);

-- One row per table an active booking holds. Written by the trigger below in
-- the statement that books, moves, cancels or expires, so no path can forget it.
CREATE TABLE reservation_tables (
  reservation_id   integer NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  table_id         integer NOT NULL REFERENCES restaurant_tables (id),
  reservation_date date NOT NULL,
  reservation_time text NOT NULL,
  PRIMARY KEY (reservation_id, table_id)
);
CREATE UNIQUE INDEX reservation_tables_one_booking_per_table_slot ON reservation_tables (table_id, reservation_date, reservation_time);

-- Tables are inserted in id order, so two bookings of overlapping combinations
-- wait for each other rather than deadlock.
CREATE FUNCTION hold_reservation_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reservation_tables WHERE reservation_id = NEW.id;
  IF NEW.status IN ('pending', 'confirmed') THEN
    INSERT INTO reservation_tables (reservation_id, table_id, reservation_date, reservation_time)
    SELECT NEW.id, held.table_id, NEW.reservation_date, NEW.reservation_time
      FROM (SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = NEW.combination_id
            UNION SELECT NEW.table_id) held
     ORDER BY held.table_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_hold_tables
  AFTER INSERT OR UPDATE OF status, table_id, combination_id, reservation_date, reservation_time ON reservations
  FOR EACH ROW EXECUTE FUNCTION hold_reservation_tables();

INSERT INTO reservation_tables (reservation_id, table_id, reservation_date, reservation_time)
SELECT id, table_id, reservation_date, reservation_time FROM reservations WHERE status IN ('pending', 'confirmed');

-- A waitlist offer of a combination holds each of its tables (offered_table_id is its first).
ALTER TABLE waitlist_entries ADD COLUMN offered_combination_id integer REFERENCES table_combinations (id);

-- The down payment by party size: per reservation (the first version), per guest, or per group of N guests.
ALTER TABLE booking_policy ADD COLUMN down_payment_per text NOT NULL DEFAULT 'reservation' CHECK (down_payment_per IN ('reservation', 'guest', 'group'));
ALTER TABLE booking_policy ADD COLUMN down_payment_group_size integer NOT NULL DEFAULT 4 CHECK (down_payment_group_size BETWEEN 2 AND 20);
