// Federation runtime plugin of the shell: a remote's manifest and entry script
// each get `timeoutMs` (a slow phone's worth) instead of waiting for ever (the
// manifest) or 20 s (the entry). Chunks have webpack's chunkLoadTimeout; the
// shell's remote page tries again (docs/releases.md, Time limits), then shows that part's "could not load".
/** @param {{ timeoutMs: number }} limits */
export default function remoteLoadLimits({ timeoutMs }) {
  return {
    name: 'samgyup-remote-load-limits',
    /**
     * @param {string} url
     * @param {RequestInit} [init]
     */
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    },
    createScript() {
      return { timeout: timeoutMs };
    },
  };
}
