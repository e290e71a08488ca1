// The JSON documents a page reads first (/env.json, /remotes.json), written into the page as
// data blocks when the live shell says it reads them there (its release's `readsInPage`): two
// requests fewer as every page starts, each of which cost a phone's main thread its own tasks.
// A shell released before reads neither, so it is sent neither and fetches them as it always did.

// The shell (shell/src/app/documents-in-page.ts) finds a document's block by this attribute.
const DOCUMENT_ATTRIBUTE = 'data-document';

/**
 * The paths among `available` that the shell release reads from its pages.
 * @param {{ readsInPage?: unknown } | null | undefined} shell @param {string[]} available
 * @returns {string[]}
 */
function pathsReadInPage(shell, available) {
  const reads = Array.isArray(shell?.readsInPage) ? shell.readsInPage : [];
  return available.filter((path) => reads.includes(path));
}

/**
 * The documents the shell release reads from its pages, out of those the server answers.
 * @param {{ readsInPage?: unknown } | null | undefined} shell @param {Record<string, unknown>} documents  path -> document
 * @returns {Record<string, unknown>}
 */
function documentsReadInPage(shell, documents) {
  return Object.fromEntries(pathsReadInPage(shell, Object.keys(documents)).map((path) => [path, documents[path]]));
}

/**
 * The page with each document in a JSON block in <head> (a data block: no script runs from it).
 * @param {string} html @param {Record<string, unknown>} documents  path -> document
 */
function withDocumentsInPage(html, documents) {
  // '<' escaped: nothing in a block can close it. The paths are the server's own ('/env.json', '/remotes.json').
  const blocks = Object.entries(documents)
    .map(([path, document]) => `<script type="application/json" ${DOCUMENT_ATTRIBUTE}="${path}">${JSON.stringify(document).replace(/</g, '\\u003c')}</script>`)
    .join('');
  return blocks ? html.replace('</head>', () => `${blocks}</head>`) : html;
}

module.exports = { DOCUMENT_ATTRIBUTE, documentsReadInPage, pathsReadInPage, withDocumentsInPage };
