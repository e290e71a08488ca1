-- Dining sessions (a seated party's table code and timer) and their refill requests.

CREATE TABLE dining_sessions (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_id     integer NOT NULL REFERENCES restaurant_tables (id),
  -- Never reused: a code seen once is useless after the party leaves.
  table_code   text NOT NULL UNIQUE CHECK (table_code ~ '^[A-Z0-9]{6}$'),
  duration_sec integer NOT NULL CHECK (duration_sec BETWEEN 1 AND 21600),
  started_at   timestamptz NOT NULL DEFAULT now(),
  ends_at      timestamptz NOT NULL,
  closed_at    timestamptz,
  opened_by    text NOT NULL DEFAULT 'staff',
  CHECK (ends_at > started_at)
);

-- One open session per table.
CREATE UNIQUE INDEX dining_sessions_one_open_per_table ON dining_sessions (table_id) WHERE closed_at IS NULL;

CREATE TABLE refill_requests (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id   integer NOT NULL REFERENCES dining_sessions (id),
  customer_id  integer REFERENCES customers (id) ON DELETE SET NULL,
  request_type text NOT NULL CHECK (length(request_type) BETWEEN 1 AND 600),
  notes        text NOT NULL DEFAULT '' CHECK (length(notes) <= 1000),
  items        jsonb NOT NULL DEFAULT '[]'::jsonb,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'completed', 'cancelled')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refill_requests_open ON refill_requests (created_at) WHERE status IN ('pending', 'in_progress');
CREATE INDEX refill_requests_by_session ON refill_requests (session_id);

-- Every status a request went through, and who moved it.
CREATE TABLE refill_request_events (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refill_request_id integer NOT NULL REFERENCES refill_requests (id) ON DELETE CASCADE,
  status            text NOT NULL,
  changed_by        text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refill_request_events_by_request ON refill_request_events (refill_request_id, id);
