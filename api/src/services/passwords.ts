import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Checked when there is no account, so that an unknown email costs as long as a wrong password.
let standInHash: Promise<string> | undefined;

/** False for a missing hash, after the same work as for a real one: the answer's timing tells nothing. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const known = Boolean(passwordHash);
  try {
    const target = passwordHash || (await (standInHash ??= hashPassword('no account has this password')));
    const matches = await verify(target, password);
    return known && matches;
  } catch {
    return false;
  }
}
