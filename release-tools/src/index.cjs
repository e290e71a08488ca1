const { ReleaseRefused, prune, publish, rollback, status } = require('./release-commands.cjs');
const { readPartWorkspace } = require('./part-workspace.cjs');
const { contractProblems } = require('./shared-contract.cjs');
const { checkInBrowser } = require('./compatibility-check.cjs');

module.exports = { ReleaseRefused, checkInBrowser, contractProblems, prune, publish, readPartWorkspace, rollback, status };
