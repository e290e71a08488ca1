-- Photo files in pieces of at most 32 KB, written and read one piece per
-- statement as base64 text, as the payment proofs are: a whole file as one
-- bytea value held the API's thread (PGlite converts bytea in JavaScript) for
-- most of a second, and its memory for good.
CREATE TABLE photo_file_pieces (
  photo_id integer NOT NULL,
  width    integer NOT NULL,
  format   text NOT NULL,
  seq      integer NOT NULL CHECK (seq >= 0),
  data     bytea NOT NULL CHECK (length(data) BETWEEN 1 AND 32768),
  PRIMARY KEY (photo_id, width, format, seq),
  FOREIGN KEY (photo_id, width, format) REFERENCES photo_files (photo_id, width, format) ON DELETE CASCADE
);

INSERT INTO photo_file_pieces (photo_id, width, format, seq, data)
SELECT f.photo_id, f.width, f.format, piece.seq, substring(f.data FROM piece.seq * 32768 + 1 FOR 32768)
  FROM photo_files f, generate_series(0, (length(f.data) - 1) / 32768) AS piece(seq);

ALTER TABLE photo_files ADD COLUMN size_bytes integer;
UPDATE photo_files SET size_bytes = length(data);
ALTER TABLE photo_files ALTER COLUMN size_bytes SET NOT NULL;
ALTER TABLE photo_files ADD CONSTRAINT photo_files_size_bytes_check CHECK (size_bytes BETWEEN 1 AND 1048576);
ALTER TABLE photo_files DROP COLUMN data;

-- When a photo was last given to, or taken from, a menu item or a promo: one that
-- nothing shows any more is removed an hour later (housekeeping), files and all.
ALTER TABLE photos ADD COLUMN chosen_at timestamptz NOT NULL DEFAULT now();
