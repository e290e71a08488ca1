-- Staff accounts (separate from customers), and who decided what.

CREATE TABLE staff_accounts (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email         text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  role          text NOT NULL DEFAULT 'staff' CHECK (role IN ('staff', 'admin')),
  is_active     boolean NOT NULL DEFAULT true,
  created_by    text NOT NULL DEFAULT 'command-line',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT staff_accounts_email_unique UNIQUE (email)
);

ALTER TABLE feedback ADD COLUMN admin_response_by text;
ALTER TABLE feedback ADD COLUMN hidden_by text;
ALTER TABLE menu_items ADD COLUMN availability_changed_by text;
