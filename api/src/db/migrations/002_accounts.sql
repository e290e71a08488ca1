-- Password reset codes, one-time captcha answers and login throttling.

CREATE TABLE password_reset_codes (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX password_reset_codes_open ON password_reset_codes (customer_id, created_at DESC) WHERE used_at IS NULL;

-- A captcha answer can be used once: its challenge signature is stored until it expires.
CREATE TABLE used_captchas (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Failed attempts per key ('email:…' or 'ip:…'), in a sliding window.
CREATE TABLE auth_failures (
  key           text PRIMARY KEY,
  failures      integer NOT NULL DEFAULT 0,
  window_start  timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz
);
