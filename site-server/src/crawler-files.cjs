// /robots.txt and /sitemap.xml, made from the release registry on each request:
// the indexable pages of the live shell and of every live remote, as each part's
// release declares them (src/page-meta.ts), so a team's new public page is in the
// sitemap from its release on, without a shell release. Private pages (a diner's
// bookings, the booking steps, the staff console) are never listed.

/** @param {string} text */
const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The paths search engines may list, in the parts' order: the shell's first.
 * @param {Array<{ pages?: Record<string, { index?: boolean, canonical?: string }> }>} parts  the live releases
 */
function indexablePaths(parts) {
  /** @type {string[]} */
  const paths = [];
  for (const part of parts) {
    for (const [route, meta] of Object.entries(part.pages ?? {})) {
      // A route with parameters names no one page; an alias points at its canonical page.
      if (meta?.index === false || meta?.canonical || route.includes(':') || paths.includes(route)) continue;
      paths.push(route);
    }
  }
  return paths;
}

/**
 * @param {string} siteUrl
 * @param {string[]} privatePrefixes  path prefixes no crawler should follow (the staff console)
 */
function robotsTxt(siteUrl, privatePrefixes) {
  return ['User-agent: *', ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`, ''].join('\n');
}

/** @param {string} siteUrl @param {string[]} paths */
function sitemapXml(siteUrl, paths) {
  const urls = paths.map((route) => `  <url><loc>${escapeXml(new URL(route, siteUrl).href)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

module.exports = { indexablePaths, robotsTxt, sitemapXml };
