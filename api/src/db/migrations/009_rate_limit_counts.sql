-- Requests per address and route in the current window, shared by every API
-- replica: kept in memory, each replica allowed its own 30 a minute.

CREATE TABLE rate_limit_counts (
  key         text PRIMARY KEY,
  hits        integer NOT NULL CHECK (hits >= 0),
  window_ends timestamptz NOT NULL
);

CREATE INDEX rate_limit_counts_expiry ON rate_limit_counts (window_ends);
