import { createSigner } from 'fast-jwt';
import { apiSecrets } from './api-secrets';

/**
 * A staff bearer header for the API under test, signed with its own secret,
 * for checks the staff console will make by hand.
 */
export function staffHeaders(role: 'staff' | 'admin' = 'staff'): Record<string, string> {
  const token = createSigner({ key: apiSecrets().jwtSecret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '0', email: 'e2e', role });
  return { Authorization: `Bearer ${token}` };
}
