// Loaded into the API by `npm run bench:uploads` (node --import): how late its event loop ran during
// each figure (perf_hooks' monitorEventLoopDelay). A turn held by one request shows as a long delay for
// every other. SIGUSR2 writes the delays since the last signal to EVENT_LOOP_REPORT and starts again.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const report = process.env.EVENT_LOOP_REPORT;
if (!report) throw new Error('EVENT_LOOP_REPORT names the file the delays are written to');
const delays = monitorEventLoopDelay({ resolution: 2 });
delays.enable();
process.on('SIGUSR2', () => {
  const ms = (/** @type {number} */ nanoseconds) => Number((nanoseconds / 1e6).toFixed(1));
  // Written whole, then renamed: the bench never reads half a file.
  writeFileSync(`${report}.part`, JSON.stringify({ p50Ms: ms(delays.percentile(50)), p99Ms: ms(delays.percentile(99)), maxMs: ms(delays.max) }));
  renameSync(`${report}.part`, report);
  delays.reset();
});
