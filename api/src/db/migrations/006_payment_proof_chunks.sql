-- Payment proofs stored in pieces (32 KB; at most 256 KB), each written in a statement
-- of its own: a 5 MB proof written at once held the embedded database (and every
-- request waiting for it) for seconds.

CREATE TABLE payment_proof_chunks (
  upload_id  uuid NOT NULL,
  seq        integer NOT NULL CHECK (seq >= 0),
  data       bytea NOT NULL CHECK (length(data) BETWEEN 1 AND 262144),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (upload_id, seq)
);

ALTER TABLE reservation_payment_proofs ADD COLUMN upload_id uuid;
UPDATE reservation_payment_proofs SET upload_id = gen_random_uuid();
INSERT INTO payment_proof_chunks (upload_id, seq, data)
  SELECT p.upload_id, s.seq, substring(p.data FROM s.seq * 262144 + 1 FOR 262144)
    FROM reservation_payment_proofs p, generate_series(0, (length(p.data) - 1) / 262144) AS s(seq);
ALTER TABLE reservation_payment_proofs DROP COLUMN data;
ALTER TABLE reservation_payment_proofs ALTER COLUMN upload_id SET NOT NULL;
ALTER TABLE reservation_payment_proofs ADD CONSTRAINT reservation_payment_proofs_upload_unique UNIQUE (upload_id);
