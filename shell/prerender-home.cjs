// After the shell's production build: puts the prerendered home page into
// dist/index.html, and the prerendered layout with its loading status into
// dist/app.html for every other route (the static server answers unknown paths
// with app.html, and puts a remote page's first screen into its <main>), and into
// dist/console.html without the diners' header and footer for the staff console's.
const { spawnSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { minify } = require('terser');
const { bootAfterPaint } = require('./boot-after-paint.cjs');

// For a page whose scripts never arrive, the loading status would stay forever:
// this notice is revealed by CSS after a time limit (styles/page-stalled.css); the
// link, a plain one to this very address, needs no script either.
const PAGE_STALLED_NOTICE =
  '<p class="page-stalled" role="alert" hidden>This page did not finish loading. Check your connection, then reload the page.' + '<a href="">Reload the page</a></p>';

process.env.NODE_ENV = 'production';
const dist = path.join(__dirname, 'dist');
const built = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--config', path.join(__dirname, 'webpack.prerender.cjs')], {
  cwd: __dirname,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) {
  console.error('Prerendering the home page failed to build.');
  process.exit(1);
}

const { renderAppShell, renderConsoleShell, renderHomePage } = require('./.first-screens/render-home-page.cjs');

Promise.all([renderHomePage(), renderAppShell(), renderConsoleShell()]).then(
  async ([html, appShell, consoleShell]) => {
    const builtPage = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const root = /<div id="?root"?><\/div>/;
    if (!root.test(builtPage)) throw new Error('dist/index.html has no empty #root to fill');
    for (const layout of [appShell, consoleShell]) {
      if (!/<main id="main-content"/.test(layout)) throw new Error('a prerendered layout has no <main id="main-content">');
    }
    // The console's layout draws no header of its own until the console's code is in: the diners' must not show meanwhile.
    if (/<header/.test(consoleShell)) throw new Error("the console's prerendered layout has the diners' header");
    // Every page paints first (the home page, or the layout with a remote page's first
    // screen); the app's scripts start once it is on screen, so downloading and running them
    // never holds back the first screen. A first photo (fetchpriority=high) is waited for
    // until decoded, 1.5 s at most, so on a phone it does not share the bandwidth with the
    // scripts; the hints the shell's server kept in the page for later go out with main.js.
    const entry = /<script defer="defer" src="\/main\.js"><\/script>/;
    if (!entry.test(builtPage)) throw new Error('dist/index.html does not load /main.js as expected');
    const { scripts: startScripts } = JSON.parse(readFileSync(path.join(dist, 'start-scripts.json'), 'utf8'));
    // Minified: the shell's server writes it into every page, where its comments were about a tenth of the gzipped HTML.
    const boot = await minify(bootAfterPaint(startScripts), { compress: true, mangle: true, format: { comments: false } });
    if (!boot.code) throw new Error('the boot script did not minify');
    writeFileSync(path.join(dist, 'boot-after-paint.js'), boot.code);
    // The shell's server writes these into each page for a release that says it reads them there
    // (src/app/documents-in-page.ts), instead of the page fetching them as it starts.
    const metaFile = path.join(dist, 'page-meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    writeFileSync(metaFile, `${JSON.stringify({ ...meta, readsInPage: ['/env.json', '/remotes.json'] }, null, 2)}\n`);
    const shellPage = builtPage.replace(entry, '<script defer="defer" src="/boot-after-paint.js"></script>');
    for (const [file, layout] of [
      ['app.html', appShell],
      ['console.html', consoleShell],
    ]) {
      writeFileSync(
        path.join(dist, file),
        shellPage.replace(root, () => `<div id="root">${layout}${PAGE_STALLED_NOTICE}</div>`),
      );
    }
    // React puts preload hints (the hero image) at the top of the markup; the head finds them sooner.
    const preloads = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    const body = preloads.reduce((markup, link) => markup.replace(link, ''), html);
    const page = shellPage.replace('</head>', `${preloads.join('')}</head>`).replace(root, () => `<div id="root">${body}</div>`);
    writeFileSync(path.join(dist, 'index.html'), page);
    console.log(`Prerendered / into dist/index.html (${(html.length / 1024).toFixed(1)} KB of HTML).`);
  },
  (error) => {
    console.error('Prerendering the home page failed:', error);
    process.exit(1);
  },
);
