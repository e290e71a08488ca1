-- How long a booking without a proof of payment holds its table: part of the
-- booking policy (admins change it in the console), no longer a setting of the process.
ALTER TABLE booking_policy ADD COLUMN hold_minutes integer NOT NULL DEFAULT 30 CHECK (hold_minutes BETWEEN 1 AND 1440);
