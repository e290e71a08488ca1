// How pictures and fonts enter a bundle, the same for the browser build and the
// Node bundles that draw first screens, so a page hydrates onto the markup it drew.
const svgToMiniDataURI = require('mini-svg-data-uri');

/**
 * `?inline` makes a data URL; an SVG's stays readable text (mini-svg-data-uri),
 * which gzip shrinks to a third of its base64 form, in the HTML and the script alike.
 * `?markup` gives an SVG's own text, for a page that draws it in place (an <svg> in its DOM).
 * @param {{ emit?: boolean }} [options]  emit: false when the browser build already wrote the files
 */
function assetRules({ emit = true } = {}) {
  const test = /\.(svg|png|jpe?g|webp|avif|woff2?)$/;
  return [
    { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline', generator: { dataUrl: (/** @type {Buffer} */ content) => svgToMiniDataURI(content.toString()) } },
    { test: /\.svg$/, resourceQuery: /markup/, type: 'asset/source' },
    { test, exclude: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
    { test, resourceQuery: { not: [/inline/, /markup/] }, type: 'asset/resource', ...(emit ? {} : { generator: { emit: false } }) },
  ];
}

module.exports = { assetRules };
