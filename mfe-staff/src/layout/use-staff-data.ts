import { usePolledApiData } from '@samgyup/shared';
import { staffData } from '../session/staff-session';

/** A screen's data: the console's read of `path`, again on refresh() and, when `refreshMs` is set, that often. */
export function useStaffData<T>(key: string, path: string, refreshMs: number | null = null) {
  return usePolledApiData(key, (signal) => staffData<T>(path, signal), refreshMs);
}
