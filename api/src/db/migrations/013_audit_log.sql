-- Who changed what and when: prices, settings, reservation decisions, staff
-- accounts. Rows are only ever added; the actor's email is kept as it was then.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  actor_email text NOT NULL,
  action text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_action_id ON audit_log (action, id DESC);
