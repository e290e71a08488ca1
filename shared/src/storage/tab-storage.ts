// `@samgyup/shared/tab-storage`: this tab's storage (sessionStorage: kept across reloads, gone with the
// tab), as browser-storage.ts is the browser's. A module of its own, holding no state: it is bundled into
// each part that imports it, without the root's storage module and its keys.

function tab(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The value kept under `key` in this tab; null when there is none, it does not parse, or storage is refused. */
export function readTabJson<T>(key: string): T | null {
  try {
    const raw = tab()?.getItem(key) ?? null;
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` in this tab (null removes it); storage full or refused drops the write. */
export function writeTabJson(key: string, value: unknown): void {
  try {
    const storage = tab();
    if (!storage) return;
    if (value === null || value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // The value lives for this page only.
  }
}
