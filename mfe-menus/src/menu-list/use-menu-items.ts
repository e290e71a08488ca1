import { useCallback, useEffect, useState } from 'react';
import { getMenuItems, type MenuEndpoint, type MenuItem } from './get-menu-items';

export type MenuState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: MenuItem[] };

/** Loads one menu list; `retry` asks again after a failure. */
export function useMenuItems(endpoint: MenuEndpoint) {
  const [state, setState] = useState<MenuState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMenuItems(endpoint, controller.signal)
      .then((items) => setState({ status: 'ready', items }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to load the ${endpoint} menu`, error);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [endpoint, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
