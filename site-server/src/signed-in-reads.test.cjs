const { signedInReadsOf, withSignedInReads } = require('./signed-in-reads.cjs');

/** @type {import('./signed-in-reads.cjs').RemoteEntry[]} */
const remotes = [
  {
    manifest: 'http://reservation.test/mf-manifest.json',
    routes: ['/my-reservations', '/reservation'],
    signedInRouteData: { '/my-reservations': [{ path: '/api/reservations/mine', session: 'user' }] },
  },
  {
    manifest: 'http://staff.test/mf-manifest.json',
    routes: ['/staff/reservations', '/staff/reservations/:id'],
    signedInRouteData: { '/staff/reservations': [{ path: '/api/staff/reservations?status=pending', session: 'staffSession' }] },
  },
];

describe("a page's reads with the visitor's login", () => {
  it("are the route's, with the API's full address", () => {
    expect(signedInReadsOf(remotes, '/my-reservations', 'https://samgyup.test')).toEqual([{ url: 'https://samgyup.test/api/reservations/mine', session: 'user' }]);
    expect(signedInReadsOf(remotes, '/staff/reservations/', 'https://api.samgyup.test')).toEqual([
      { url: 'https://api.samgyup.test/api/staff/reservations?status=pending', session: 'staffSession' },
    ]);
  });

  it('are none for a route that declares none, another route of the same remote, or a page no remote serves', () => {
    expect(signedInReadsOf(remotes, '/reservation', 'https://samgyup.test')).toEqual([]);
    expect(signedInReadsOf(remotes, '/staff/reservations/12', 'https://samgyup.test')).toEqual([]);
    expect(signedInReadsOf(remotes, '/privacy', 'https://samgyup.test')).toEqual([]);
  });

  it('go into the head as a data block that nothing in it can close, and leave a page without reads as it was', () => {
    const page = '<html><head><title>x</title></head><body></body></html>';
    const written = withSignedInReads(page, [{ url: 'https://samgyup.test/api/x?a=</script><script>alert(1)</script>', session: 'user' }]);
    expect(written).toContain(
      '<script type="application/json" id="signed-in-reads">[{"url":"https://samgyup.test/api/x?a=\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","session":"user"}]</script></head>',
    );
    expect(written.match(/<script/g)).toHaveLength(1);
    expect(withSignedInReads(page, [])).toBe(page);
  });
});
