const { firstScreenStyles } = require('./first-screen-styles.cjs');

// The shape of mfe-staff's build: the shared console rules sit in each screen's own stylesheet.
const manifest = {
  exposes: [{ assets: { css: { sync: ['style.exposed.css'], async: ['style.dashboard.css', 'style.screens.css', 'style.charts.css'] } } }],
};
const pageFiles = {
  pages: {
    '/staff': ['837.js', '972.js', 'style.dashboard.css'],
    '/staff/reservations': ['165.js', '28.js', '837.js', 'style.screens.css'],
    '/staff/tables': ['590.js', '837.js'],
  },
};

describe("a first screen's stylesheets", () => {
  it("are the exposed module's, then the route's own, and none of the remote's other screens", () => {
    expect(firstScreenStyles(manifest, pageFiles, '/staff')).toEqual(['style.exposed.css', 'style.dashboard.css']);
    expect(firstScreenStyles(manifest, pageFiles, '/staff/reservations')).toEqual(['style.exposed.css', 'style.screens.css']);
    expect(firstScreenStyles(manifest, pageFiles, '/staff/tables')).toEqual(['style.exposed.css']);
  });

  it('are every stylesheet of the remote for a route the build could not follow, or without page files', () => {
    const every = ['style.exposed.css', 'style.dashboard.css', 'style.screens.css', 'style.charts.css'];
    expect(firstScreenStyles(manifest, pageFiles, '/staff/unknown')).toEqual(every);
    expect(firstScreenStyles(manifest, null, '/staff')).toEqual(every);
    expect(firstScreenStyles({}, null, '/staff')).toEqual([]);
  });
});
