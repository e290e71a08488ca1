-- Online down payments through a payment provider (PayMongo): its checkout
-- sessions, the payments and refunds it reports, and the webhook events
-- received. The unique keys make "recorded once per event and once per payment"
-- true whichever replica hears of it first: the database decides.

-- A booking paid online is confirmed at once (true) or waits for staff like a proof.
ALTER TABLE booking_policy ADD COLUMN confirm_when_paid boolean NOT NULL DEFAULT true;

CREATE TABLE checkout_sessions (
  id                text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  reservation_id    integer NOT NULL REFERENCES reservations (id),
  checkout_url      text NOT NULL CHECK (length(checkout_url) BETWEEN 1 AND 2000),
  payment_intent_id text CHECK (payment_intent_id IS NULL OR length(payment_intent_id) <= 100),
  amount_centavos   integer NOT NULL CHECK (amount_centavos > 0),
  currency          text NOT NULL DEFAULT 'PHP' CHECK (currency = 'PHP'),
  -- open: the diner may pay; paid: a payment was recorded; closed: expired, or its hold ended.
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'closed')),
  checked_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- Two checkout requests at once (two replicas) end with one open session per reservation.
CREATE UNIQUE INDEX checkout_sessions_one_open ON checkout_sessions (reservation_id) WHERE status = 'open';
CREATE INDEX checkout_sessions_by_reservation ON checkout_sessions (reservation_id, created_at DESC);

CREATE TABLE online_payments (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Once per payment: a webhook, its retry, the return page and the sweep all land here once.
  provider_payment_id text NOT NULL UNIQUE CHECK (length(provider_payment_id) BETWEEN 1 AND 100),
  reservation_id      integer NOT NULL REFERENCES reservations (id),
  checkout_session_id text REFERENCES checkout_sessions (id),
  amount_centavos     integer NOT NULL CHECK (amount_centavos >= 0),
  currency            text NOT NULL CHECK (length(currency) BETWEEN 1 AND 10),
  method              text NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
  -- What it did: paid the booking, fell short of the amount asked, came after the
  -- table was gone, paid twice, or failed.
  outcome             text NOT NULL CHECK (outcome IN ('applied', 'short', 'late', 'duplicate', 'failed')),
  paid_at             timestamptz,
  recorded_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX online_payments_by_reservation ON online_payments (reservation_id);

CREATE TABLE payment_refunds (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One refund per payment, of all of it; a refused one is tried again in the same row.
  payment_id         integer NOT NULL UNIQUE REFERENCES online_payments (id),
  reservation_id     integer NOT NULL REFERENCES reservations (id),
  provider_refund_id text UNIQUE CHECK (provider_refund_id IS NULL OR length(provider_refund_id) <= 100),
  amount_centavos    integer NOT NULL CHECK (amount_centavos > 0),
  reason             text NOT NULL CHECK (reason IN ('duplicate', 'fraudulent', 'requested_by_customer', 'others')),
  notes              text NOT NULL DEFAULT '' CHECK (length(notes) <= 255),
  -- requested: to send; sending: one process is sending it; pending/succeeded: PayMongo took it;
  -- failed: PayMongo refused it (staff retry).
  status             text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'sending', 'pending', 'succeeded', 'failed')),
  last_error         text CHECK (last_error IS NULL OR length(last_error) <= 500),
  attempts           integer NOT NULL DEFAULT 0,
  requested_by       text NOT NULL CHECK (length(requested_by) BETWEEN 1 AND 254),
  lease_until        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_failed ON payment_refunds (updated_at DESC) WHERE status = 'failed';

-- Once per provider event: a retried delivery, or one reaching two replicas, finds its id taken.
CREATE TABLE payment_webhook_events (
  event_id    text PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 100),
  type        text NOT NULL CHECK (length(type) BETWEEN 1 AND 100),
  received_at timestamptz NOT NULL DEFAULT now()
);
