/**
 * API answers a page's first screen was drawn with (see tooling/build-kit/first-screens):
 * the shell finds them in the HTML and remembers them here, and a page's
 * `useApiData` starts from them instead of a loading status, then asks again.
 * When a first screen is rendered ahead of time, the renderer puts them here too.
 */
const answers = new Map<string, unknown>();

/** Keeps answers by API path, e.g. { '/api/inventory/menu/unlimited': {...} }. */
export function rememberApiAnswers(found: Record<string, unknown>): void {
  for (const [path, answer] of Object.entries(found)) answers.set(path, answer);
}

export function peekApiAnswer(path: string): unknown {
  return answers.get(path);
}

export function forgetApiAnswer(path: string): void {
  answers.delete(path);
}

/** The data block a first screen carries: JSON with `<` escaped, so no text in it can close the element. */
export function apiAnswersMarkup(found: Record<string, unknown>): string {
  return `<script type="application/json" data-api-answers>${JSON.stringify(found).replace(/</g, '\\u003c')}</script>`;
}

/** Remembers the answers of the data blocks under `root`; a broken block is skipped. */
export function rememberApiAnswersIn(root: ParentNode): void {
  for (const block of Array.from(root.querySelectorAll('script[type="application/json"][data-api-answers]'))) {
    try {
      const found: unknown = JSON.parse(block.textContent ?? '');
      if (found && typeof found === 'object' && !Array.isArray(found)) rememberApiAnswers(found as Record<string, unknown>);
    } catch {
      // Not JSON: the page loads its data as usual.
    }
  }
}
