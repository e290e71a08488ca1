-- Customers, the menu, the restaurant's tables and reviews: what every feature builds on.

CREATE TABLE customers (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name    text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
  last_name     text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 80),
  email         text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash text,
  phone         text CHECK (phone IS NULL OR length(phone) <= 30),
  address       text CHECK (address IS NULL OR length(address) <= 200),
  date_of_birth date,
  city          text,
  country       text NOT NULL DEFAULT 'Philippines',
  is_active     boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customers_email_unique UNIQUE (email)
);

CREATE TABLE menu_items (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category      text NOT NULL CHECK (category IN ('unlimited', 'alacarte', 'sidedish')),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description   text NOT NULL DEFAULT '' CHECK (length(description) <= 400),
  selling_price integer NOT NULL CHECK (selling_price >= 0),
  image_url     text,
  is_premium    boolean NOT NULL DEFAULT false,
  is_available  boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT menu_items_category_name_unique UNIQUE (category, name)
);

CREATE INDEX menu_items_listing ON menu_items (category, sort_order, id) WHERE is_available;

CREATE TABLE restaurant_tables (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_number integer NOT NULL CHECK (table_number > 0),
  capacity     integer NOT NULL CHECK (capacity BETWEEN 1 AND 20),
  is_active    boolean NOT NULL DEFAULT true,
  CONSTRAINT restaurant_tables_number_unique UNIQUE (table_number)
);

CREATE TABLE feedback (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id       integer REFERENCES customers (id) ON DELETE SET NULL,
  customer_name     text NOT NULL DEFAULT '' CHECK (length(customer_name) <= 160),
  email             text NOT NULL DEFAULT '',
  feedback_type     text NOT NULL DEFAULT 'general' CHECK (feedback_type IN ('general')),
  rating            integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  feedback_text     text NOT NULL CHECK (length(feedback_text) BETWEEN 1 AND 2000),
  admin_response    text CHECK (admin_response IS NULL OR length(admin_response) <= 2000),
  admin_response_at timestamptz,
  is_published      boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX feedback_public_listing ON feedback (created_at DESC) WHERE is_published;
CREATE INDEX feedback_by_customer ON feedback (customer_id, created_at);
