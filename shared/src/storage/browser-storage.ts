import { refillDeadlineKey, refillDurationKey, storageKeys } from './storage-keys';

/**
 * The only module that touches localStorage. Keys are the caller's: the session's
 * is in storage-keys.ts, each remote names its own. Storage can be missing or full
 * (private mode, quota): reads then give null and writes are dropped, so a
 * page never crashes because of it.
 */
function area(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    return area()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string | null): void {
  try {
    const storage = area();
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value lives for this page only.
  }
}

export function readString(key: string): string | null {
  return readRaw(key);
}

export function writeString(key: string, value: string | null): void {
  writeRaw(key, value);
}

export function readJson<T>(key: string): T | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeRaw(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function removeKey(key: string): void {
  writeRaw(key, null);
}

function readNumber(key: string): number | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * Refill timer state, stored per table code.
 * @deprecated The refill remote keeps its own (mfe-refill/src/storage/refill-storage.ts). Stays
 * exported until no deployed part imports it (docs/shared-contract.md).
 */
export const refillTimerStorage = {
  readDeadline: (tableCode: string): number | null => readNumber(refillDeadlineKey(tableCode)),
  writeDeadline: (tableCode: string, epochMs: number): void => writeRaw(refillDeadlineKey(tableCode), String(epochMs)),
  readDuration: (tableCode: string): number | null => readNumber(refillDurationKey(tableCode)),
  writeDuration: (tableCode: string, seconds: number): void => writeRaw(refillDurationKey(tableCode), String(seconds)),
  clear: (tableCode: string): void => {
    writeRaw(refillDeadlineKey(tableCode), null);
    writeRaw(refillDurationKey(tableCode), null);
  },
};

export { storageKeys };
