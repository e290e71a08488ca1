import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
// Through the package: the API client (and its runtime settings) is the page's one shared copy.
import { apiRequest } from '@samgyup/shared';

/**
 * The self-hosted proof-of-work captcha (ALTCHA, docs/decisions.md 2): fetch a
 * signed challenge from our API, solve it in the browser, and return the
 * payload the API verifies (once) on register, login and reset requests.
 */
export async function solveCaptcha(controller?: AbortController): Promise<string> {
  const { data: challenge } = await apiRequest<{ data: Challenge }>('/api/captcha/challenge');
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 30_000 });
  if (!solution) throw new Error('The captcha could not be solved in time.');
  return btoa(JSON.stringify({ challenge, solution }));
}
