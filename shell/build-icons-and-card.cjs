// After the shell's production build: the pictures a site shows outside its own
// pages, made with sharp from the bundled artwork. The link-preview card (1200 × 630,
// what Facebook, Messenger and search show for a page with no photo of its own),
// the app icons (192, 512, maskable, Apple touch, the tab's 32 px icon) and two web app manifests: the
// diners' site and the staff console (its own start URL and scope, so the host
// stand's tablet installs the console). Named by content, so they are cached for good.
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');
const { siteConfig } = require('./.first-screens/render-home-page.cjs');

const dist = path.join(__dirname, 'dist');
const THEME = '#2b1d16';
const BACKGROUND = '#fff8f1';
const ICON_ARTWORK = readFileSync(require.resolve('@samgyup/build-kit/webpack/favicon.svg'));
const CARD_ARTWORK = readFileSync(path.join(__dirname, 'src', 'assets', 'hero-grill.svg'));

/** Writes `bytes` as `<stem>.<hash>.<extension>` in dist and returns the file's name. */
function emit(stem, extension, bytes) {
  const name = `${stem}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.${extension}`;
  writeFileSync(path.join(dist, name), bytes);
  return name;
}

const png = (image) => image.png({ compressionLevel: 9, palette: true }).toBuffer();

async function icon(size, { padding = 0 } = {}) {
  const inner = Math.round(size * (1 - 2 * padding));
  const artwork = await sharp(ICON_ARTWORK, { density: 72 * Math.ceil(inner / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  if (padding === 0) return png(sharp(artwork));
  // A maskable icon keeps its picture inside the middle 80 %, which every launcher's mask shows.
  return png(sharp({ create: { width: size, height: size, channels: 4, background: THEME } }).composite([{ input: artwork, gravity: 'centre' }]));
}

function manifest({ name, shortName, startUrl, scope, icons }) {
  return `${JSON.stringify(
    {
      name,
      short_name: shortName,
      start_url: startUrl,
      scope,
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: THEME,
      icons,
    },
    null,
    2,
  )}\n`;
}

(async () => {
  const card = emit('share-card', 'jpg', await sharp(CARD_ARTWORK, { density: 144 }).resize(1200, 630, { fit: 'cover' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
  const icon192 = emit('icon-192', 'png', await icon(192));
  const icon512 = emit('icon-512', 'png', await icon(512));
  const maskable = emit('icon-maskable-512', 'png', await icon(512, { padding: 0.1 }));
  const apple = emit('apple-touch-icon', 'png', await icon(180));
  // The tab's icon as a 32 px PNG, not the SVG: a browser draws an SVG icon in a document of its own on the
  // page's main thread as the page starts (about 35 ms at full speed in a trace here, four times that on a phone).
  const favicon = emit('favicon', 'png', await icon(32));
  for (const page of ['index.html', 'app.html', 'console.html']) {
    const file = path.join(dist, page);
    const html = readFileSync(file, 'utf8');
    const linked = html.replace('<link rel="icon" href="/favicon.svg">', `<link rel="icon" type="image/png" sizes="32x32" href="/${favicon}">`);
    if (linked === html) throw new Error(`dist/${page} has no <link rel="icon" href="/favicon.svg"> to replace`);
    writeFileSync(file, linked);
  }
  const icons = [
    { src: `/${icon192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `/${icon512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: `/${maskable}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  const brand = siteConfig.brandName;
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest({ name: brand, shortName: 'Samgyup', startUrl: '/', scope: '/', icons }));
  writeFileSync(path.join(dist, 'staff.webmanifest'), manifest({ name: `${brand} Staff`, shortName: 'Staff', startUrl: '/staff', scope: '/staff', icons }));

  // The release carries these names with the pages' meta (dist/page-meta.json, written by the webpack build).
  const metaFile = path.join(dist, 'page-meta.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  writeFileSync(metaFile, `${JSON.stringify({ ...meta, siteName: brand, shareCard: card, appleTouchIcon: apple }, null, 2)}\n`);
  console.log(`Share card ${card} and app icons written to dist/.`);
})().catch((error) => {
  console.error('Making the share card and app icons failed:', error);
  process.exit(1);
});
