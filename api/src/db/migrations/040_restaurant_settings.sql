-- What the owner changes from the console: one row of settings (absent until
-- first saved: the API's defaults are today's values), the days the restaurant
-- is closed, and the e-wallet QR image diners pay to (kept here so every API
-- replica serves it).
CREATE TABLE restaurant_settings (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings   jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE closed_dates (
  closed_on  date PRIMARY KEY,
  reason     text NOT NULL CHECK (length(reason) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_qr_image (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  size_bytes   integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 1048576),
  data         bytea NOT NULL,
  digest       text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Tables are retired, never deleted: their reservations and sessions stay.
ALTER TABLE restaurant_tables ADD COLUMN retired_at timestamptz;
