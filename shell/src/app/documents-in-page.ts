/**
 * A JSON document the shell's server wrote into the page (site-server/src/documents-in-page.cjs)
 * so the page need not fetch it as it starts: `/env.json` and `/remotes.json`. Null when the page
 * carries none (a page from a static host, or from a server before it), or one that does not
 * parse: the caller fetches the document as before.
 */
export function documentInPage(path: string): unknown {
  const blocks = Array.from(document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-document]'));
  const block = blocks.find((candidate) => candidate.dataset.document === path);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as unknown;
  } catch {
    return null;
  }
}
