// Preloaded (`node --require`) into the API's process by an end-to-end run whose
// restaurant clock is pinned: the API reads the same shifted time as the tests and pages.
const { handedOnOffset, installShiftedClock } = require('./shifted-clock.cjs');

const offset = handedOnOffset();
if (offset !== null) installShiftedClock(offset);
