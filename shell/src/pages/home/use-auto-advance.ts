import { useEffect, useState } from 'react';

/**
 * Moves an index forward every `intervalMs`, wrapping after `count`, unless
 * paused for a moment (hover, focus) or stopped: by the visitor's Pause button,
 * or from the start when they prefer reduced motion (Play starts it then).
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  useEffect(() => {
    if (paused || stopped || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, stopped, count, intervalMs]);

  return { index, setIndex, stopped, setStopped };
}
