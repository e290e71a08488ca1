-- A password reset ends every session the customer had: tokens carry the
-- version they were issued under, and a reset moves it on.

ALTER TABLE customers ADD COLUMN session_version integer NOT NULL DEFAULT 0;
