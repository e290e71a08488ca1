/** A waitlist entry as the API shows it to its diner (GET /api/waitlist/mine) and on the claim page: never the contact details. */
export interface WaitlistOffer {
  id: number;
  reservation_date: string;
  reservation_time: string;
  party_size: number;
  status: 'waiting' | 'offered' | 'claimed' | 'lapsed' | 'left';
  /** The table held for the party while an offer is open. */
  table_number: number | null;
  /** Every table held for the party (joined tables for a group), empty while none is offered. */
  table_numbers: number[];
  offer_expires_at: string | null;
  /** The reservation a claimed offer became. */
  reservation_id: number | null;
}
