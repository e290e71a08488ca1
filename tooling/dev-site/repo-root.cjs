// The repository's root folder, for scripts that run the whole site from its
// workspaces' builds (this package sits at tooling/dev-site).
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

module.exports = { repoRoot };
