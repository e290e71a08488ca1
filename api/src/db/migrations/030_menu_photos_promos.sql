-- The owner edits the menu and the promos from the console, with photos.

-- Photos staff upload, kept as the files the pages show (AVIF, WebP and JPEG at
-- a few widths) in the database, so every API replica serves them. The URL
-- carries a hash of the upload, so a file under it never changes.
CREATE TABLE photos (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{24}$'),
  widths       integer[] NOT NULL,
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  placeholder  text NOT NULL CHECK (length(placeholder) <= 2000),
  uploaded_by  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT photos_content_hash_unique UNIQUE (content_hash)
);

CREATE TABLE photo_files (
  photo_id integer NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  width    integer NOT NULL CHECK (width > 0),
  format   text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
  data     bytea NOT NULL CHECK (length(data) BETWEEN 1 AND 1048576),
  PRIMARY KEY (photo_id, width, format)
);

-- A retired item leaves the menu for good but stays for history (audit log,
-- old orders); its name is free again for a new item.
ALTER TABLE menu_items
  ADD COLUMN is_featured boolean NOT NULL DEFAULT false,
  ADD COLUMN retired_at  timestamptz,
  ADD COLUMN photo_id    integer REFERENCES photos (id);
ALTER TABLE menu_items DROP CONSTRAINT menu_items_category_name_unique;
CREATE UNIQUE INDEX menu_items_current_name ON menu_items (category, lower(name)) WHERE retired_at IS NULL;
DROP INDEX menu_items_listing;
CREATE INDEX menu_items_listing ON menu_items (category, sort_order, id) WHERE is_available AND retired_at IS NULL;

-- The popular picks were a list in the page: on a menu seeded before, they are
-- the five items of that list (the kimchi tub under the name the page showed).
UPDATE menu_items SET name = 'Kimchi' WHERE category = 'alacarte' AND name = 'Kimchi (tub)';
UPDATE menu_items SET is_featured = true
 WHERE (category, name) IN (('unlimited', 'Set A Unlimited Pork'), ('alacarte', 'Samg Pork on Cup'), ('alacarte', 'Kimchi'),
                            ('alacarte', 'Unlimited Cheese'), ('alacarte', 'Chicken Poppers'));
UPDATE menu_items SET sort_order = CASE name WHEN 'Samg Pork on Cup' THEN 0 WHEN 'Kimchi' THEN 1 WHEN 'Unlimited Cheese' THEN 2 WHEN 'Chicken Poppers' THEN 3 END
 WHERE category = 'alacarte' AND name IN ('Samg Pork on Cup', 'Kimchi', 'Unlimited Cheese', 'Chicken Poppers');

-- Promos, shown on /promos from their first day; an ended one is marked so until staff hide it.
CREATE TABLE promos (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title      text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  summary    text NOT NULL DEFAULT '' CHECK (length(summary) <= 400),
  terms      text[] NOT NULL DEFAULT '{}' CHECK (cardinality(terms) <= 10),
  starts_on  date,
  ends_on    date,
  is_hidden  boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  photo_id   integer REFERENCES photos (id),
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on)
);

-- The restaurant's two promos, as the site has always shown them.
INSERT INTO promos (title, summary, terms, ends_on, sort_order) VALUES
  ('Birthday Treat: Free Unlimited Samgyupsal',
   'Celebrate with us! The birthday celebrant eats free unlimited samgyupsal when bringing 4 friends.',
   ARRAY['Bring 4 paying friends (a group of 5 including the celebrant).',
         'Claimable for 7 days: 3 days before, on the day, and 3 days after your birthday.',
         'Show a valid ID with your birth date.',
         'Valid all year.'],
   NULL, 0),
  ('Women''s Month: 50% Off All Cheese',
   'For all women diners: half price on every cheese add-on.',
   ARRAY['For women diners only.', 'Applies to all cheese add-ons.', 'Valid until March 31, 2025.'],
   '2025-03-31', 1);
