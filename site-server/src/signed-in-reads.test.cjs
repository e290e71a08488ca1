const { drawnReadsOf, signedInReadsOf, withSignedInReads } = require('./signed-in-reads.cjs');

/** @type {import('./signed-in-reads.cjs').RemoteEntry[]} */
const remotes = [
  {
    manifest: 'http://reservation.test/mf-manifest.json',
    routes: ['/my-reservations', '/reservation', '/reservation-upload'],
    signedInRouteData: { '/my-reservations': [{ path: '/api/reservations/mine', session: 'user' }] },
    signedInQueryRouteData: {
      '/reservation-upload': [
        { path: '/api/reservations/{id}', session: 'user' },
        { path: '/api/reservations/{id}/payment', session: 'user' },
      ],
    },
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

  it('at an address with a query are its query reads, each {name} filled from it; else the route’s plain reads', () => {
    expect(signedInReadsOf(remotes, '/reservation-upload', 'https://samgyup.test', '?id=12')).toEqual([
      { url: 'https://samgyup.test/api/reservations/12', session: 'user' },
      { url: 'https://samgyup.test/api/reservations/12/payment', session: 'user' },
    ]);
    // A parameter the reads do not name changes nothing they read: the plain reads go out, as before.
    expect(signedInReadsOf(remotes, '/my-reservations', 'https://samgyup.test', '?from=reminder')).toEqual([
      { url: 'https://samgyup.test/api/reservations/mine', session: 'user' },
    ]);
    for (const search of ['', '?id=12&x=1', '?id=1%2F2', '?id=a b', '?id=12&id=12']) {
      expect(signedInReadsOf(remotes, '/reservation-upload', 'https://samgyup.test', search)).toEqual([]);
    }
  });

  it('that the site’s server may draw with are the plain ones at a plain address, and at one with a query only reads that name it', () => {
    const [reservation] = remotes;
    expect(drawnReadsOf(reservation, '/my-reservations', '')).toEqual([{ path: '/api/reservations/mine', session: 'user' }]);
    expect(drawnReadsOf(reservation, '/my-reservations', '?from=reminder')).toEqual([]);
    expect(drawnReadsOf(reservation, '/reservation-upload', '?id=7')).toEqual([
      { path: '/api/reservations/7', session: 'user' },
      { path: '/api/reservations/7/payment', session: 'user' },
    ]);
    expect(drawnReadsOf(reservation, '/reservation-upload', '')).toEqual([]);
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
