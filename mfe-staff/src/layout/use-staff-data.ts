import { usePolledApiData, type FirstScreenAnswer } from '@samgyup/shared';
import { staffData } from '../session/staff-session';

/**
 * A screen's data: the console's read of `path`, again on refresh() and, when `refreshMs` is set, that often.
 * `readDrawn`: how the screen reads the `data` of the answer it was drawn with on the site's server (it throws
 * when that is not what the screen expects); with it, a screen drawn with its data starts from that data.
 */
export function useStaffData<T>(key: string, path: string, refreshMs: number | null = null, readDrawn?: (data: unknown) => T) {
  const firstScreen = readDrawn ? { path, read: (answer: unknown) => readDrawn((answer as { data?: unknown } | null)?.data) } : undefined;
  return usePolledApiData(key, (signal) => staffData<T>(path, signal), refreshMs, firstScreen);
}

/**
 * How a list screen finds the answer it was drawn with on the site's server (the read its package.json's
 * signedInRouteData names): the `data` list of the answer at `path`; anything else and the screen loads as usual.
 */
export function drawnList<T>(path: string): FirstScreenAnswer<T[]> {
  return {
    path,
    read(answer) {
      const data = (answer as { data?: unknown } | null)?.data;
      if (!Array.isArray(data)) throw new Error(`${path} answered no list`);
      return data as T[];
    },
  };
}
