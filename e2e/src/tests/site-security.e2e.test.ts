import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@samgyup/dev-site';
import { apiSecrets } from '../support/api-secrets';
import { startTestSite, type TestSite } from '../support/test-site';
import { shellOrigin } from '../support/test-ports';

// What anyone on the internet can fetch from the site: every page and every
// file of the shell and the remotes carries the security headers, and nothing
// in the built files looks like a secret.

const BUILT = ['shell', 'mfe-menus', 'mfe-reviews', 'mfe-refill', 'mfe-reservation', 'mfe-staff'];

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function headerProblems(url: string, headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  if (!csp.includes("frame-ancestors 'none'")) problems.push(`${url}: CSP without frame-ancestors 'none' ("${csp}")`);
  if (/unsafe-inline|unsafe-eval/.test(csp)) problems.push(`${url}: CSP allows inline code ("${csp}")`);
  if (!/script-src [^;]*'self'/.test(csp) && !/default-src [^;]*'self'/.test(csp)) problems.push(`${url}: CSP does not limit scripts ("${csp}")`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push(`${url}: no X-Content-Type-Options: nosniff`);
  if (!headers.get('referrer-policy')) problems.push(`${url}: no Referrer-Policy`);
  return problems;
}

describe('security headers on everything the site serves', () => {
  it('every page, the runtime files and every file of every remote', async () => {
    const urls = [
      '/',
      '/featuremenu',
      '/unlimited',
      '/feedback',
      '/refilling',
      '/reservation-date',
      '/staff/login',
      '/test-env',
      '/no-such-page',
      '/remotes.json',
      '/env.json',
      '/main.js',
    ].map((pagePath) => `${shellOrigin}${pagePath}`);
    for (const remote of site.remotes) {
      const { dist, base } = site.live(remote.name);
      for (const file of filesUnder(dist)) urls.push(`${base}${path.relative(dist, file).split(path.sep).join('/')}`);
    }
    const bootScript = await (await fetch(`${shellOrigin}/boot-after-paint.js`)).text();
    const problems: string[] = [];
    for (const url of urls) {
      const response = await fetch(url);
      problems.push(...headerProblems(url, response.headers));
      if ((response.headers.get('content-type') ?? '').includes('text/html')) {
        // No inline script but the shell's boot script, which the server writes into each page and the page's CSP names by
        // its hash (any other inline script would be blocked, and is a problem here). The rest are JSON data blocks, which
        // never run: a first screen's API answers, a page's structured data (JSON-LD) and the runtime documents the page
        // carries (/env.json, /remotes.json).
        const dataBlock = (attributes: string, body: string) =>
          (attributes === ' type="application/json" data-api-answers' ||
            attributes === ' type="application/ld+json"' ||
            /^ type="application\/json" data-document="\/[\w-]+\.json"$/.test(attributes)) &&
          isJson(body);
        const inline = [...(await response.text()).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
          ([, attributes, body]) => !dataBlock(attributes, body) && (!/\bsrc=/.test(attributes) || body.trim() !== ''),
        );
        const scriptSources = (response.headers.get('content-security-policy') ?? '').match(/script-src ([^;]*)/)?.[1].split(' ') ?? [];
        const allowed = ([, attributes, body]: RegExpMatchArray) =>
          attributes === '' && body === bootScript && scriptSources.includes(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        const others = inline.filter((script) => !allowed(script));
        if (others.length) problems.push(`${url}: ${others.length} inline script(s) besides the boot script its CSP names`);
        if (inline.length > 1) problems.push(`${url}: the boot script ${inline.length} times`);
      } else {
        await response.arrayBuffer();
      }
    }
    expect(urls.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});

describe('no secrets in what is built', () => {
  const SECRET_PATTERNS: [string, RegExp][] = [
    ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ['signed token (JWT)', /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
    ['database address with a password', /postgres(?:ql)?:\/\/[^\s:"'/@]+:[^\s@"']+@/],
    ['mail server address with a password', /smtps?:\/\/[^\s:"'/@]+:[^\s@"']+@/],
    ['cloud access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
    ['secret set in the environment', /\b(?:JWT_SECRET|CAPTCHA_HMAC_SECRET|STAFF_PASSWORD|SMTP_URL)\s*[:=]\s*["'][^"']{8,}/],
  ];

  it('the built bundles, pages and source maps of the shell and every remote', () => {
    const liveSecrets = Object.values(apiSecrets());
    const found: string[] = [];
    let scanned = 0;
    for (const workspace of BUILT) {
      for (const file of filesUnder(path.join(repoRoot, workspace, 'dist'))) {
        if (!/\.(js|map|html|json|css|txt)$/.test(file)) continue;
        scanned += 1;
        const text = readFileSync(file, 'utf8');
        for (const [kind, pattern] of SECRET_PATTERNS) {
          const match = pattern.exec(text);
          if (match) found.push(`${path.relative(repoRoot, file)}: ${kind}: ${match[0].slice(0, 40)}…`);
        }
        if (liveSecrets.some((secret) => text.includes(secret))) found.push(`${path.relative(repoRoot, file)}: the running API's secret`);
      }
    }
    expect(scanned).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('the public settings file (/env.json) holds public settings only', async () => {
    const settings = await (await fetch(`${shellOrigin}/env.json`)).json();
    expect(Object.keys(settings).sort()).toEqual(expect.arrayContaining(['apiBaseUrl']));
    expect(JSON.stringify(settings)).not.toMatch(/secret|password|token|postgres:|smtp:/i);
  });
});
