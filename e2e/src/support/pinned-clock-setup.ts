import { handedOnOffset, installShiftedClock } from '@samgyup/dev-site';

// With TEST_RESTAURANT_CLOCK, the global setup fixed the run's offset: each test file's code reads that clock too.
const offset = handedOnOffset();
if (offset !== null) installShiftedClock(offset);
