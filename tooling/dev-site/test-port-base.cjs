// E2E_PORT_BASE, checked: the tests' servers take ports from it up to +5051 (the
// deployment test's nginx), and a port in the system's ephemeral range may be taken at
// any moment by an outgoing connection, which fails a run at random.
const { readFileSync } = require('node:fs');

/** The highest offset from the base that a test server uses (docs/deploy.md, the deployment test). */
const HIGHEST_OFFSET = 5051;
const DEFAULT_BASE = 3100;

/** The first ephemeral port (Linux's setting; IANA's 49152 elsewhere). */
function firstEphemeralPort() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && low > 0 ? low : 49152;
  } catch {
    return 49152;
  }
}

/**
 * The first port of the tests' servers; throws a message that says what to set when
 * E2E_PORT_BASE is no port, or would put a server in the ephemeral range.
 * @param {string | undefined} [value]
 */
function testPortBase(value = process.env.E2E_PORT_BASE) {
  if (value === undefined || value.trim() === '') return DEFAULT_BASE;
  const base = Number(value);
  const highest = firstEphemeralPort() - 1 - HIGHEST_OFFSET;
  if (!Number.isInteger(base) || base < 1024 || base > highest) {
    throw new Error(
      `E2E_PORT_BASE=${value} cannot be used: the tests' servers take ports from it to ${HIGHEST_OFFSET} above it, ` +
        `which must stay between 1024 and the system's ephemeral ports. Set a whole number from 1024 to ${highest} (the default is ${DEFAULT_BASE}).`,
    );
  }
  return base;
}

module.exports = { testPortBase };
