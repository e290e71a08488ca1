import { usePolledApiData } from '@samgyup/shared';
import { useCallback } from 'react';
import { getReservation } from './get-reservation';

export const STATUS_REFRESH_MS = 15_000;

/**
 * The reservation, asked again every 15 s (with `poll`) and whenever the page
 * comes back to the foreground, so the page follows staff decisions.
 */
export function useReservation(id: number, poll: boolean) {
  const load = useCallback((signal: AbortSignal) => getReservation(id, signal), [id]);
  const { state, refresh } = usePolledApiData(`reservation-${id}`, load, poll ? STATUS_REFRESH_MS : null);
  return { state, retry: refresh };
}
