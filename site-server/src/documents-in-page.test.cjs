const { documentsReadInPage, pathsReadInPage, withDocumentsInPage } = require('./documents-in-page.cjs');

const page = '<html><head><title>Samgyup</title></head><body></body></html>';
const documents = { '/env.json': { apiBaseUrl: 'https://api.test' }, '/remotes.json': { remotes: [{ name: 'mfe_menus', label: '</script><script>alert(1)</script>' }] } };

describe('the runtime documents a page carries', () => {
  it('are the ones the live shell says it reads there, and only documents the server answers', () => {
    expect(pathsReadInPage({ readsInPage: ['/remotes.json', '/other.json'] }, Object.keys(documents))).toEqual(['/remotes.json']);
    expect(documentsReadInPage({ readsInPage: ['/env.json', '/remotes.json'] }, documents)).toEqual(documents);
    // A shell released before reads none: its pages carry nothing and fetch both.
    expect(documentsReadInPage({}, documents)).toEqual({});
    expect(documentsReadInPage(null, documents)).toEqual({});
    expect(withDocumentsInPage(page, {})).toBe(page);
  });

  it('go into <head> as data blocks that nothing in a document can close, and read back whole', () => {
    const html = withDocumentsInPage(page, documents);
    const blocks = [...html.matchAll(/<script type="application\/json" data-document="([^"]+)">([\s\S]*?)<\/script>/g)];
    expect(blocks.map((block) => block[1])).toEqual(['/env.json', '/remotes.json']);
    expect(Object.fromEntries(blocks.map((block) => [block[1], JSON.parse(block[2])]))).toEqual(documents);
    expect(html.indexOf('data-document')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<script>alert');
  });
});
