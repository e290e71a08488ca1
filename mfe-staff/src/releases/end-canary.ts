import { staffRequest } from '../session/staff-session';

export type CanaryAction = 'promote' | 'rollback';

/** Promotes or rolls back the canary `version` of `part`, as `npm run release:promote` / `npm run rollback` do (admins). */
export function endCanary(part: string, version: string, action: CanaryAction): Promise<{ message: string }> {
  return staffRequest<{ message: string }>(`/api/staff/releases/${encodeURIComponent(part)}/canary/${action}`, { method: 'POST', body: { version } });
}
