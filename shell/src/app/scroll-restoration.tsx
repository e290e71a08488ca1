import { readTabJson, writeTabJson } from '@samgyup/shared/tab-storage';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';

/** Where positions live across reloads and other documents in the tab, as React Router's own ScrollRestoration kept them. */
const STORAGE_KEY = 'samgyup-scroll-positions';

function readPositions(): Record<string, number> {
  const kept = readTabJson<unknown>(STORAGE_KEY);
  return kept && typeof kept === 'object' ? (kept as Record<string, number>) : {};
}

/**
 * What React Router's ScrollRestoration did, for the declarative router the shell
 * runs (its data router, which that component needs, was 17 KB gzip of every
 * first visit): a move to a new page starts at its top, or at the element its
 * #hash names; Back and Forward put a page back where the visitor left it.
 * `getKey` names a page's place in the history (several entries may share one).
 */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = getKey(location);
  // Read once as the app starts, then written as the visitor scrolls (outside React's drawing).
  const [positions] = useState(readPositions);
  const shown = useRef(key);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // Kept as the visitor scrolls, so the place is known before a move changes the page under it.
    const onScroll = () => {
      positions[shown.current] = window.scrollY;
    };
    // Leaving the document (a reload, another site): the positions go to the tab's storage, and the browser's own restoring is back on for its cache.
    const keep = () => {
      onScroll();
      writeTabJson(STORAGE_KEY, positions);
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = previous;
    };
  }, [positions]);

  useLayoutEffect(() => {
    shown.current = key;
    const kept = positions[key];
    if (navigationType === 'POP' && kept !== undefined) {
      window.scrollTo(0, kept);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // A #hash that does not decode names no element: the page starts at its top.
      }
    }
    window.scrollTo(0, 0);
    // Only a move scrolls: a new key is a new place in the history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
