// Browser tests and benchmarks use the Debian Chromium; no browser is ever downloaded.
const { existsSync } = require('node:fs');

function findChromium(env = process.env) {
  const candidate = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  throw new Error(`Chromium not found at ${candidate}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
}

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
  ...(process.env.CHROMIUM_ACCEPT_CERT_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.CHROMIUM_ACCEPT_CERT_SPKI}`] : []),
];

module.exports = { findChromium, CHROMIUM_FLAGS };
