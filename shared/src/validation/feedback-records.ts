/** A published review as GET /api/feedback/public lists it. */
export interface PublicReview {
  id: number;
  customer_name: string;
  rating: number;
  /** ISO 8601. */
  created_at: string;
  feedback_text: string;
  /** The restaurant's answer: the API leaves it out when there is none; readers take null the same way. */
  admin_response?: string | null;
}

/** A review as GET /api/staff/feedback lists it for the console: hidden ones too, with who answered or hid it. */
export interface StaffReview extends Omit<PublicReview, 'admin_response'> {
  email: string;
  admin_response: string | null;
  is_published: boolean;
  admin_response_at: string | null;
  admin_response_by: string | null;
  hidden_by: string | null;
}
