import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetApiAnswer, peekApiAnswer } from './api-answers';

export type ApiDataState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/** Where an answer the first screen was drawn with may be found, and how to read it. */
export interface FirstScreenAnswer<T> {
  path: string;
  /** Turns the raw answer into the data; throws when it is not what the page expects. */
  read: (answer: unknown) => T;
}

/** `ready` with the answer a first screen was drawn with (still remembered), else `loading`. */
export function startingState<T>(answer?: FirstScreenAnswer<T>): ApiDataState<T> {
  const raw = answer ? peekApiAnswer(answer.path) : undefined;
  if (!answer || raw === undefined) return { status: 'loading' };
  try {
    return { status: 'ready', data: answer.read(raw) };
  } catch {
    return { status: 'loading' };
  }
}

/**
 * The answer a page was drawn with serves every hook that starts while the page is up: the layout's
 * read and the page's read of the same path start apart (the page's once its remote has arrived).
 * It is forgotten when a hook that could start from it goes, so a later visit reads afresh.
 */
export function useForgottenWhenGone(path: string | undefined): void {
  useEffect(
    () => () => {
      if (path) forgetApiAnswer(path);
    },
    [path],
  );
}

/**
 * Loads data for a page: `loading`, then `ready` or `error`. `key` names what is
 * loaded (a new key loads again); `retry` asks again after a failure. A request
 * still running when the page leaves or the key changes is aborted. With
 * `firstScreen`, a page whose first screen arrived with its data starts `ready`
 * with that data and asks again quietly, keeping it if the new request fails.
 */
export function useApiData<T>(key: string, load: (signal: AbortSignal) => Promise<T>, firstScreen?: FirstScreenAnswer<T>) {
  const [state, setState] = useState<ApiDataState<T>>(() => startingState(firstScreen));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const quietRef = useRef(state.status === 'ready');
  const firstScreenPath = firstScreen?.path;

  useForgottenWhenGone(firstScreenPath);

  useEffect(() => {
    const controller = new AbortController();
    const quiet = quietRef.current;
    quietRef.current = false;
    if (!quiet) setState({ status: 'loading' });
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load ${key}`, error);
        if (!quiet) setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [key, attempt, firstScreenPath]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
