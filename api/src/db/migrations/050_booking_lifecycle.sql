-- The diner's booking lifecycle: the restaurant's booking policy, every outgoing
-- notice (sent by the job queue, exactly once per dedupe key), and who changed
-- which reservation.

-- One row: what a diner may do and when (read at every use, so a change applies at once).
CREATE TABLE booking_policy (
  id                       boolean PRIMARY KEY DEFAULT true CHECK (id),
  change_cutoff_hours      integer NOT NULL DEFAULT 24 CHECK (change_cutoff_hours BETWEEN 0 AND 720),
  -- A diner who cancels in time gets the down payment back (true) or forfeits it (false).
  refund_on_cancel         boolean NOT NULL DEFAULT true,
  first_reminder_minutes   integer NOT NULL DEFAULT 1440 CHECK (first_reminder_minutes BETWEEN 30 AND 10080),
  second_reminder_minutes  integer NOT NULL DEFAULT 180 CHECK (second_reminder_minutes BETWEEN 15 AND 10080),
  waitlist_offer_minutes   integer NOT NULL DEFAULT 15 CHECK (waitlist_offer_minutes BETWEEN 5 AND 1440),
  updated_by               text,
  updated_at               timestamptz NOT NULL DEFAULT now(),
  CHECK (second_reminder_minutes < first_reminder_minutes)
);
INSERT INTO booking_policy DEFAULT VALUES;

-- A calendar file's SEQUENCE: every move or cancel sends a higher one under the same UID.
ALTER TABLE reservations ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;

-- Every message the site sends, email or text. A dedupe key makes a notice
-- (a reminder, say) exist at most once whichever replica thinks of it; the lease
-- lets one sender at a time try it, and sent_at records that it went.
CREATE TABLE notices (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reservation_id integer REFERENCES reservations (id),
  kind           text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  channel        text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient      text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 254),
  subject        text NOT NULL DEFAULT '',
  body           text NOT NULL,
  attachments    jsonb NOT NULL DEFAULT '[]',
  dedupe_key     text UNIQUE,
  status         text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts       integer NOT NULL DEFAULT 0,
  last_error     text,
  lease_until    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  sent_at        timestamptz
);
CREATE INDEX notices_failed ON notices (created_at DESC) WHERE status = 'failed';
CREATE INDEX notices_by_reservation ON notices (reservation_id);

-- Who cancelled, moved or marked what, and when.
CREATE TABLE reservation_history (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reservation_id integer NOT NULL REFERENCES reservations (id),
  action         text NOT NULL CHECK (length(action) BETWEEN 1 AND 40),
  actor          text NOT NULL CHECK (length(actor) BETWEEN 1 AND 254),
  details        jsonb NOT NULL DEFAULT '{}',
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservation_history_by_reservation ON reservation_history (reservation_id, at);

-- Staff mark a confirmed reservation whose party never came; it stays in the customer's history.
ALTER TABLE reservations DROP CONSTRAINT reservations_status_check;
ALTER TABLE reservations ADD CONSTRAINT reservations_status_check CHECK (status IN ('pending', 'confirmed', 'declined', 'cancelled', 'no_show'));
