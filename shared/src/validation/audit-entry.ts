/** One entry of the audit log as GET /api/staff/audit-log sends it: who changed what and when. */
export interface AuditEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  actor_email: string;
  /** `<resource>.<verb>`, e.g. `menu-item.update`. */
  action: string;
  subject: string;
  details: Record<string, unknown>;
}
