// The end-to-end files share one restaurant (one deployment, one database), so the
// order they run in is part of what a run tests. Jest's own order follows its cache
// (a fresh clone: largest file first; here: slowest first), so CI and a developer's
// machine ran them differently; in name order, every run is the one CI runs.
const Sequencer = require('@jest/test-sequencer').default;

module.exports = class NameOrderSequencer extends Sequencer {
  /** @param {import('@jest/test-result').Test[]} tests */
  sort(tests) {
    return [...tests].sort((a, b) => a.path.localeCompare(b.path));
  }
};
