/** Where a refill request stands, from the kitchen's first look to served or cancelled. */
export type RefillRequestStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';

/** A table's refill request as GET /api/tables/:code/refill-requests lists it to the diner's phone. */
export interface TableRefillRequest {
  id: number;
  status: RefillRequestStatus;
  request_type: string;
  /** ISO 8601. */
  created_at: string;
}
