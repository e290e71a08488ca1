// What the remotes' build (build-first-screens.cjs) and the shell's server agree on
// about first screens.

/** Asset URLs in a first screen start with this; the shell's server puts the remote's origin in its place. */
const ASSET_ORIGIN = 'https://remote-assets.invalid/';

module.exports = { ASSET_ORIGIN };
