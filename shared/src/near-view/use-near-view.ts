import { useEffect, useState, type RefObject } from 'react';

/**
 * True once `element` is within `marginPx` below the visible part of the page, and from then on;
 * at once where the browser cannot tell (no IntersectionObserver). For work a page can leave
 * until the diner scrolls near it: what is never seen is never drawn, and a slow phone answers
 * taps sooner as the page starts (#37).
 */
export function useNearView(element: RefObject<Element | null>, marginPx = 100): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `0px 0px ${marginPx}px 0px`,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near, marginPx]);
  return near;
}
