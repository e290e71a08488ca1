import { useCallback, useEffect, useRef, useState } from 'react';
import { getReservation, type SavedReservation } from './get-reservation';

export const STATUS_REFRESH_MS = 15_000;

type ReservationState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: SavedReservation; refreshFailed: boolean };

/**
 * Loads the reservation and, with `poll`, asks again every 15 s and whenever the
 * page comes back to the foreground, so the page follows staff decisions. A
 * failed refresh keeps what is shown.
 */
export function useReservation(id: number, poll: boolean) {
  const [state, setState] = useState<ReservationState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const hasData = useRef(false);

  const load = useCallback(
    (signal: AbortSignal) =>
      getReservation(id, signal)
        .then((data) => {
          if (signal.aborted) return;
          hasData.current = true;
          setState({ status: 'ready', data, refreshFailed: false });
        })
        .catch((error: unknown) => {
          if (signal.aborted) return;
          console.error('Failed to load the reservation', error);
          setState((current) => (current.status === 'ready' ? { ...current, refreshFailed: true } : { status: 'error', error }));
        }),
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    if (!hasData.current) setState({ status: 'loading' });
    void load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  useEffect(() => {
    if (!poll) return;
    const refresh = () => {
      if (document.visibilityState !== 'hidden') setAttempt((value) => value + 1);
    };
    const timer = setInterval(refresh, STATUS_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [poll]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
