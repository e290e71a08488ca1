// Browser tests and benchmarks use the Debian Chromium; no browser is ever downloaded.
const { existsSync } = require('node:fs');

function findChromium(env = process.env) {
  const candidate = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  throw new Error(`Chromium not found at ${candidate}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
}

// Debian's old headless mode: the same Blink and V8 without the desktop browser around them.
// A page costs about a quarter less CPU in it, which the end-to-end tests, hundreds of pages
// on a two-core machine, feel. Lighthouse (the bench) keeps the full browser diners have.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium for headless checks: CHROMIUM_PATH when set, else the headless shell when installed, else Chromium. */
function findHeadlessChromium(env = process.env) {
  if (!env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium(env);
}

/** Chromium accepts the certificate with this public key (base64 SHA-256 of its SPKI), and no other certificate error. @param {string} spki */
const acceptCertificateFlag = (spki) => `--ignore-certificate-errors-spki-list=${spki}`;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A deployment tested on this machine (tooling/deploy-test) has a self-signed certificate: accept that one key, no other error.
  ...(process.env.CHROMIUM_ACCEPT_CERT_SPKI ? [acceptCertificateFlag(process.env.CHROMIUM_ACCEPT_CERT_SPKI)] : []),
];

module.exports = { acceptCertificateFlag, findChromium, findHeadlessChromium, CHROMIUM_FLAGS };
