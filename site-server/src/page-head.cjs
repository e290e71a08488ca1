// What the shell's server writes into a page's <head> for whoever fetches it
// without running its scripts (search engines, Facebook's and Messenger's link
// previews): the page's own title and description as its team declared them
// (src/page-meta.ts of the part, carried by its release), a canonical address,
// Open Graph and Twitter card tags with a picture, structured data drawn from
// live data, whether the page may be indexed, and the web app manifest.
const { escapeAttribute } = require('./preload-hints.cjs');

const SHARE_CARD = { width: 1200, height: 630 };
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** @param {string} text */
const escapeText = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page's full title: its own name and the site's ("Unlimited Menu · Samgyup Plaridel").
 * @param {string | undefined} title
 * @param {string} siteName
 */
function fullTitle(title, siteName) {
  if (!title) return siteName;
  return title.includes(siteName) ? title : `${title} · ${siteName}`;
}

/** JSON inside <script>: nothing in it can close the element. @param {unknown} value */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The tags of one page.
 * @param {object} page
 * @param {string} page.siteName
 * @param {string} page.siteUrl         the site's public address (SITE_URL)
 * @param {string} page.path            the address's path (no query: it never reaches canonical or og:url)
 * @param {{ title?: string, description?: string, index?: boolean, canonical?: string } | null} page.meta  null: no such page
 * @param {{ description?: string, image?: string, structuredData?: object[] } | null} [page.live]  from the page's live data
 * @param {string | null} [page.image]  an absolute URL of the page's 1200 × 630 card
 * @param {string} [page.defaultDescription]
 * @param {string} [page.manifest]      the web app manifest's path
 * @param {string | null} [page.appleTouchIcon]
 */
function pageHeadTags({ siteName, siteUrl, path, meta, live = null, image = null, defaultDescription = '', manifest, appleTouchIcon = null }) {
  const title = meta ? fullTitle(meta.title, siteName) : `Page not found · ${siteName}`;
  const description = live?.description ?? meta?.description ?? defaultDescription;
  const indexable = meta ? meta.index !== false : false;
  const url = new URL(meta?.canonical ?? path, siteUrl).href;
  const tags = [];
  if (!indexable) tags.push('<meta name="robots" content="noindex">');
  if (meta) tags.push(`<link rel="canonical" href="${escapeAttribute(url)}">`);
  if (manifest) tags.push(`<link rel="manifest" href="${escapeAttribute(manifest)}">`);
  if (appleTouchIcon) tags.push(`<link rel="apple-touch-icon" href="${escapeAttribute(appleTouchIcon)}">`);
  if (indexable) {
    const picture = live?.image ?? image;
    /** @param {string} name @param {string} content */
    const property = (name, content) => `<meta property="${name}" content="${escapeAttribute(content)}">`;
    /** @param {string} name @param {string} content */
    const named = (name, content) => `<meta name="${name}" content="${escapeAttribute(content)}">`;
    tags.push(property('og:type', 'website'), property('og:site_name', siteName), property('og:locale', 'en_PH'), property('og:title', title));
    tags.push(property('og:description', description), property('og:url', url));
    if (picture) {
      tags.push(property('og:image', picture), property('og:image:width', String(SHARE_CARD.width)), property('og:image:height', String(SHARE_CARD.height)));
      tags.push(property('og:image:alt', title));
    }
    tags.push(named('twitter:card', picture ? 'summary_large_image' : 'summary'), named('twitter:title', title), named('twitter:description', description));
    if (picture) tags.push(named('twitter:image', picture));
    for (const data of live?.structuredData ?? []) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return { title, description, indexable, tags: tags.join('') };
}

/**
 * `html` (a built page) with the page's title, description and tags in its <head>.
 * @param {string} html
 * @param {{ title: string, description: string, tags: string }} head  as pageHeadTags gives them
 */
function withPageHead(html, head) {
  const titled = html.replace(TITLE, () => `<title>${escapeText(head.title)}</title>`);
  const described = DESCRIPTION.test(titled)
    ? titled.replace(DESCRIPTION, () => `<meta name="description" content="${escapeAttribute(head.description)}">`)
    : titled.replace('</head>', () => `<meta name="description" content="${escapeAttribute(head.description)}"></head>`);
  return described.replace('</head>', () => `${head.tags}</head>`);
}

module.exports = { SHARE_CARD, fullTitle, pageHeadTags, withPageHead };
