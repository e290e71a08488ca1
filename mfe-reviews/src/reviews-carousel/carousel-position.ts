/** Reviews the carousel shows at once (the first version's two). */
export const REVIEWS_PER_VIEW = 2;

/**
 * The reviews carousel shows REVIEWS_PER_VIEW reviews from `index` on, wrapping
 * past the end. Arrows move the index by 1 (wrapping); the dots, one per pair,
 * jump to 0, 2, 4 …; with 2 or fewer reviews there is nothing to move.
 */
export function canMove(count: number): boolean {
  return count > REVIEWS_PER_VIEW;
}

export function nextIndex(index: number, count: number): number {
  return canMove(count) ? (index + 1) % count : 0;
}

export function previousIndex(index: number, count: number): number {
  return canMove(count) ? (index - 1 + count) % count : 0;
}

export function dotCount(count: number): number {
  return Math.ceil(count / REVIEWS_PER_VIEW);
}

export function dotIndex(dot: number): number {
  return dot * REVIEWS_PER_VIEW;
}

/** The dot of the pair the index is in. */
export function activeDot(index: number): number {
  return Math.floor(index / REVIEWS_PER_VIEW);
}

/** Positions (0-based) of the reviews on show. */
export function visiblePositions(index: number, count: number): number[] {
  const shown = Math.min(REVIEWS_PER_VIEW, count);
  return Array.from({ length: shown }, (_, offset) => (index + offset) % count);
}

/** Most dots shown at once: a long list shows a window of them around the current pair. */
export const MAX_DOTS = 7;

/** The dots on show, [first, end), centred on the active one where the ends allow. */
export function dotWindow(active: number, dots: number): [number, number] {
  if (dots <= MAX_DOTS) return [0, dots];
  const first = Math.min(Math.max(active - Math.floor(MAX_DOTS / 2), 0), dots - MAX_DOTS);
  return [first, first + MAX_DOTS];
}
