// What Lighthouse's simulated LCP waits for on one page: it replays the simulation (Lantern)
// from the files `BENCH_TRACES=1` keeps (<page>-mobile.artifacts.json) and lists the requests
// and main-thread tasks that end last. The estimate is the average of two graphs' latest end,
// so the top of each list is what holds the figure up (a script's download, its evaluation, an
// API read), and a change can be aimed at it before a bench run is spent on it.
//
//   node tooling/bench/simulated-lcp-path.mjs .bench-reports/traces/my-reservations-mobile.artifacts.json [rows]
import { readFileSync } from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const [file, rowsArgument = '12'] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node tooling/bench/simulated-lcp-path.mjs <page>-mobile.artifacts.json [rows]');
  process.exit(2);
}
const saved = JSON.parse(readFileSync(file, 'utf8'));
// The trace itself is the one the bench keeps beside it.
const trace = JSON.parse(readFileSync(file.replace(/\.artifacts\.json$/, '.trace.json'), 'utf8'));
const result = await LanternLargestContentfulPaint.request(
  {
    trace,
    devtoolsLog: saved.DevtoolsLog,
    gatherContext: saved.GatherContext,
    settings: saved.settings,
    URL: saved.URL,
    SourceMaps: saved.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map() },
);

/** @param {any} node  a Lantern graph node */
function describe(node) {
  if (node.type === 'network') {
    const { request } = node;
    return `${request.resourceType} ${new URL(request.url).pathname} (${request.priority}, ${(request.transferSize / 1024).toFixed(1)} KB)`;
  }
  // A task by what it did that took time: evaluating a script, layout, a timer, a callback.
  const names = (node.childEvents ?? [])
    .filter((/** @type {any} */ event) => (event.dur ?? 0) >= 300)
    .map((/** @type {any} */ event) => (event.args?.data?.url ? `${event.name}(${new URL(event.args.data.url).pathname})` : event.name));
  return `task: ${[...new Set(names)].slice(0, 4).join(', ') || 'short events'}`;
}

console.log(
  `Simulated LCP ${Math.round(result.timing)} ms (optimistic graph ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
for (const [name, estimate] of /** @type {const} */ ([
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
])) {
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => b[1].endTime - a[1].endTime).slice(0, Number(rowsArgument));
  console.log(`\n${name} graph (${estimate.nodeTimings.size} requests and tasks), the last to end:`);
  for (const [node, timing] of rows)
    console.log(
      `  ${String(Math.round(timing.startTime)).padStart(5)}-${String(Math.round(timing.endTime)).padEnd(5)} ${node.type === 'network' ? 'request' : 'cpu    '} ${describe(node)}`,
    );
}
