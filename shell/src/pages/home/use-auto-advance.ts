import { useEffect, useState } from 'react';

/**
 * Moves an index forward every `intervalMs`, wrapping after `count`, unless
 * paused (hover, focus) or the visitor prefers reduced motion.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const [reducedMotion] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion, count, intervalMs]);

  return [index, setIndex] as const;
}
