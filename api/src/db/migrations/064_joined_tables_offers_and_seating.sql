-- Groups of up to 20, what 060 left to locks: a waitlist offer of joined tables
-- holds each of its tables in the same unique index as a booking, and a group
-- seated on joined tables occupies every one of them on the floor.

-- One row per table held for a date and slot, by an active booking or by an open
-- waitlist offer: the unique index refuses a table held twice, whoever holds it.
ALTER TABLE reservation_tables RENAME TO table_holds;
ALTER INDEX reservation_tables_one_booking_per_table_slot RENAME TO table_holds_one_per_table_slot;
ALTER TABLE table_holds DROP CONSTRAINT reservation_tables_pkey;
ALTER TABLE table_holds ALTER COLUMN reservation_id DROP NOT NULL;
ALTER TABLE table_holds ADD COLUMN waitlist_entry_id integer REFERENCES waitlist_entries (id) ON DELETE CASCADE;
ALTER TABLE table_holds ADD CONSTRAINT table_holds_one_holder CHECK (num_nonnulls(reservation_id, waitlist_entry_id) = 1);
CREATE UNIQUE INDEX table_holds_by_reservation ON table_holds (reservation_id, table_id);
CREATE UNIQUE INDEX table_holds_by_waitlist_entry ON table_holds (waitlist_entry_id, table_id);

CREATE OR REPLACE FUNCTION hold_reservation_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM table_holds WHERE reservation_id = NEW.id;
  IF NEW.status IN ('pending', 'confirmed') THEN
    INSERT INTO table_holds (reservation_id, table_id, reservation_date, reservation_time)
    SELECT NEW.id, held.table_id, NEW.reservation_date, NEW.reservation_time
      FROM (SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = NEW.combination_id
            UNION SELECT NEW.table_id) held
     ORDER BY held.table_id;
  END IF;
  RETURN NULL;
END
$$;

-- An offer holds its tables from the statement that makes it until the one that
-- claims, passes on or withdraws it (tables in id order, as bookings take them).
CREATE FUNCTION hold_offered_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM table_holds WHERE waitlist_entry_id = NEW.id;
  IF NEW.status = 'offered' THEN
    INSERT INTO table_holds (waitlist_entry_id, table_id, reservation_date, reservation_time)
    SELECT NEW.id, held.table_id, NEW.reservation_date, NEW.reservation_time
      FROM (SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = NEW.offered_combination_id
            UNION SELECT NEW.offered_table_id) held
     ORDER BY held.table_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER waitlist_offers_hold_tables
  AFTER INSERT OR UPDATE OF status, offered_table_id, offered_combination_id, reservation_date, reservation_time ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION hold_offered_tables();

-- Offers already past their time give way; the open ones take their holds (the
-- table-slot locks kept them apart from bookings until now).
UPDATE waitlist_entries SET status = 'lapsed' WHERE status = 'offered' AND offer_expires_at <= now();
INSERT INTO table_holds (waitlist_entry_id, table_id, reservation_date, reservation_time)
SELECT w.id, held.table_id, w.reservation_date, w.reservation_time
  FROM waitlist_entries w
  CROSS JOIN LATERAL (SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = w.offered_combination_id
                      UNION SELECT w.offered_table_id) held
 WHERE w.status = 'offered'
ON CONFLICT DO NOTHING;

-- One row per table an open dining session occupies: its own table and, for a
-- group seated on joined tables, every table of its booking. The unique index
-- keeps a walk-in or another party off any of them until the session closes.
CREATE TABLE seated_tables (
  session_id integer NOT NULL REFERENCES dining_sessions (id) ON DELETE CASCADE,
  table_id   integer NOT NULL REFERENCES restaurant_tables (id),
  PRIMARY KEY (session_id, table_id)
);
CREATE UNIQUE INDEX seated_tables_one_open_session_per_table ON seated_tables (table_id);

CREATE FUNCTION seat_session_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM seated_tables WHERE session_id = NEW.id;
  IF NEW.closed_at IS NULL THEN
    INSERT INTO seated_tables (session_id, table_id)
    SELECT NEW.id, seated.table_id
      FROM (SELECT m.table_id FROM reservations r JOIN table_combination_members m ON m.combination_id = r.combination_id WHERE r.id = NEW.reservation_id
            UNION SELECT NEW.table_id) seated
     ORDER BY seated.table_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dining_sessions_seat_tables
  AFTER INSERT OR UPDATE OF closed_at, table_id, reservation_id ON dining_sessions
  FOR EACH ROW EXECUTE FUNCTION seat_session_tables();

INSERT INTO seated_tables (session_id, table_id)
SELECT s.id, seated.table_id
  FROM dining_sessions s
  CROSS JOIN LATERAL (SELECT m.table_id FROM reservations r JOIN table_combination_members m ON m.combination_id = r.combination_id WHERE r.id = s.reservation_id
                      UNION SELECT s.table_id) seated
 WHERE s.closed_at IS NULL
ON CONFLICT DO NOTHING;
