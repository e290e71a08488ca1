const { ReleaseRefused, prune, publish, rollback, status } = require('./release-commands.cjs');
const { promote, rollBackCanary } = require('./canary-commands.cjs');
const { readAllParts, readPartWorkspace } = require('./part-workspace.cjs');
const { contractProblems } = require('./shared-contract.cjs');
const { checkInBrowser } = require('./compatibility-check.cjs');

module.exports = { ReleaseRefused, checkInBrowser, contractProblems, promote, prune, publish, readAllParts, readPartWorkspace, rollBackCanary, rollback, status };
