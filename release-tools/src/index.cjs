const { ReleaseRefused, prune, publish, rollback, status } = require('./release-commands.cjs');
const { readAllParts, readPartWorkspace } = require('./part-workspace.cjs');
const { contractProblems } = require('./shared-contract.cjs');
const { checkInBrowser } = require('./compatibility-check.cjs');

module.exports = { ReleaseRefused, checkInBrowser, contractProblems, prune, publish, readAllParts, readPartWorkspace, rollback, status };
