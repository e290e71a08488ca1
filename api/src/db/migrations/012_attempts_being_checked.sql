-- Attempts whose password is being checked hold a place apart from the failures
-- already counted: a right password among a burst of guesses then never counts
-- towards the lock, which falls on exactly the 5th wrong one.
ALTER TABLE auth_failures ADD COLUMN checking integer NOT NULL DEFAULT 0 CHECK (checking >= 0);
