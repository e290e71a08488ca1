import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiDataState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * Loads data for a page: `loading`, then `ready` or `error`. `key` names what is
 * loaded (a new key loads again); `retry` asks again after a failure. A request
 * still running when the page leaves or the key changes is aborted.
 */
export function useApiData<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<ApiDataState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${key}`, error);
        setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
