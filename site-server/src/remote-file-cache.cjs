// Files the shell's server reads from the remotes' servers (their manifests, their
// first screens), kept in memory and read again in the background: a page request
// never waits for a remote, and a remote that is down just gives nothing for now.

const FRESH_MS = 30_000;
const TIMEOUT_MS = 2_000;
const RETRY_MS = 5_000;
// Every release adds URLs (they carry the version); the least recently asked go first.
const KEPT_FILES = 100;

/**
 * @template T
 * @param {(body: unknown, url: string) => T} read   what to keep of a JSON file
 * @param {T} empty                                   what a missing or broken file gives
 * @param {typeof fetch} [fetchImpl]
 * @param {{ freshMs?: number }} [options]            how long a file read is used before it is read again
 */
function createRemoteFileCache(read, empty, fetchImpl = fetch, { freshMs = FRESH_MS } = {}) {
  /** @type {Map<string, { at: number, value: T }>} URL -> when it was read and what it gave */
  const known = new Map();
  /** @param {string} url */
  async function refresh(url) {
    const entry = known.get(url) ?? { at: 0, value: empty };
    entry.at = Date.now();
    known.set(url, entry);
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      entry.value = read(await response.json(), url);
    } catch {
      // Down or not deployed yet: nothing for now, and another look in a few seconds.
      entry.value = empty;
      entry.at = Date.now() - freshMs + Math.min(RETRY_MS, freshMs);
    }
  }
  return {
    /** What is known now; starts a background read when that is missing or old. @param {string} url */
    get(url) {
      const entry = known.get(url);
      if (entry) {
        known.delete(url);
        known.set(url, entry);
      } else if (known.size >= KEPT_FILES) {
        const oldest = known.keys().next().value;
        if (oldest !== undefined) known.delete(oldest);
      }
      if (!entry || Date.now() - entry.at > freshMs) void refresh(url);
      return entry?.value ?? empty;
    },
    refresh,
  };
}

module.exports = { createRemoteFileCache };
