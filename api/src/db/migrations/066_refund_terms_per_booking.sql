-- Whether the diner's own cancellation refunds the down payment, as the booking
-- policy said when the reservation was made: an owner who changes the policy
-- later changes it for new bookings only. Bookings made before this column are
-- given the policy as it stands now (what they were judged by until today); a
-- replica of an older release that books without it leaves it null, read as the
-- policy of the moment, as that release did.
ALTER TABLE reservations ADD COLUMN refund_on_cancel boolean;
UPDATE reservations SET refund_on_cancel = (SELECT refund_on_cancel FROM booking_policy WHERE id);
