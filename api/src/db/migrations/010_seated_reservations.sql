-- A dining session opened for a reservation remembers it: the host stand sees the
-- party as seated, and a reservation is seated at most once.
ALTER TABLE dining_sessions ADD COLUMN reservation_id integer REFERENCES reservations (id);
CREATE UNIQUE INDEX dining_sessions_one_per_reservation ON dining_sessions (reservation_id) WHERE reservation_id IS NOT NULL;
