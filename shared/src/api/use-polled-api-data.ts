import { useCallback, useEffect, useRef, useState } from 'react';
import { startingState, useForgottenWhenGone, type FirstScreenAnswer } from './use-api-data';

export type PolledDataState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; refreshFailed: boolean };

/**
 * Loads data and keeps it fresh: again every `intervalMs` (when set) and when
 * the page comes back to the foreground, and on `refresh()`. A failed refresh
 * keeps what is shown and says so; only a first load that fails is an error.
 * A new `key` starts over. `update` applies a pushed change to what is shown.
 * With `firstScreen`, a screen that arrived drawn with its data starts `ready` with it and loads again quietly.
 */
export function usePolledApiData<T>(key: string, load: (signal: AbortSignal) => Promise<T>, intervalMs: number | null, firstScreen?: FirstScreenAnswer<T>) {
  const [state, setState] = useState<PolledDataState<T>>(() => {
    const start = startingState(firstScreen);
    return start.status === 'ready' ? { ...start, refreshFailed: false } : { status: 'loading' };
  });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const shownKey = useRef<string | null>(state.status === 'ready' ? key : null);
  useForgottenWhenGone(firstScreen?.path);

  useEffect(() => {
    const controller = new AbortController();
    if (shownKey.current !== key) setState({ status: 'loading' });
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        shownKey.current = key;
        setState({ status: 'ready', data, refreshFailed: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${key}`, error);
        setState((current) => (current.status === 'ready' && shownKey.current === key ? { ...current, refreshFailed: true } : { status: 'error', error }));
      });
    return () => controller.abort();
  }, [key, round]);

  useEffect(() => {
    if (!intervalMs) return;
    const refresh = () => {
      if (document.visibilityState !== 'hidden') setRound((value) => value + 1);
    };
    const timer = setInterval(refresh, intervalMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [intervalMs]);

  const refresh = useCallback(() => setRound((value) => value + 1), []);
  /** Changes the data shown (a pushed event), until the next load replaces it. */
  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { ...current, data: change(current.data) } : current));
  }, []);
  return { state, refresh, update };
}
