import { usePolledApiData, type FirstScreenAnswer } from '@samgyup/shared';
import { staffData } from '../session/staff-session';

/**
 * A screen's data: the console's read of `path`, again on refresh() and, when `refreshMs` is set, that often.
 * `readDrawn`: how the screen reads the `data` of the answer it was drawn with on the site's server (it throws
 * when that is not what the screen expects); with it, a screen drawn with its data starts from that data.
 */
export function useStaffData<T>(key: string, path: string, refreshMs: number | null = null, readDrawn?: (data: unknown) => T) {
  return usePolledApiData(key, (signal) => staffData<T>(path, signal), refreshMs, readDrawn ? drawnAnswer(path, readDrawn) : undefined);
}

/**
 * How a screen finds the answer it was drawn with on the site's server (the read its package.json's
 * signedInRouteData names): the `data` of the answer at `path`, as `readData` takes it; when that throws,
 * the screen loads as usual.
 */
function drawnAnswer<T>(path: string, readData: (data: unknown) => T): FirstScreenAnswer<T> {
  return { path, read: (answer) => readData((answer as { data?: unknown } | null)?.data) };
}

/** A list screen's reader of the data it was drawn with (useStaffData's readDrawn): the data when it is a list. */
export function drawnListData<T>(data: unknown): T[] {
  if (!Array.isArray(data)) throw new Error('The answer it was drawn with is no list');
  return data as T[];
}

/** The same for a list screen that reads through usePolledApiData: the answer's `data` when it is a list. */
export function drawnList<T>(path: string): FirstScreenAnswer<T[]> {
  return drawnAnswer(path, drawnListData<T>);
}
