import type { OutgoingHttpHeaders } from 'node:http';

/**
 * What every API answer must carry (issue #9): a Content-Security-Policy that
 * allows no script and no framing, nosniff and a referrer policy. Returns the
 * problems, so a test can show all of them at once.
 */
export function securityHeaderProblems(headers: OutgoingHttpHeaders): string[] {
  const problems: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  if (!csp.includes("default-src 'none'")) problems.push(`CSP without default-src 'none': "${csp}"`);
  if (!csp.includes("frame-ancestors 'none'")) problems.push(`CSP without frame-ancestors 'none': "${csp}"`);
  if (csp.includes('unsafe-inline') || csp.includes('unsafe-eval')) problems.push(`CSP allows inline code: "${csp}"`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (headers['referrer-policy'] !== 'no-referrer') problems.push(`Referrer-Policy is ${String(headers['referrer-policy'])}`);
  return problems;
}
