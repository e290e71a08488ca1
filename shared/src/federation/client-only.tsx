import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False while a page is rendered to HTML ahead of time (a remote's first screen,
 * see tooling/build-kit/first-screens), true in the browser from the first render on.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Parts of a page that depend on this browser (its storage, today's date) render
 * in the browser only; a first screen rendered ahead of time shows `fallback`.
 */
export function ClientOnly({ children, fallback }: { children: () => ReactNode; fallback: ReactNode }) {
  return useInBrowser() ? children() : fallback;
}
