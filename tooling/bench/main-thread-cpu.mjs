// The page's main thread as the processor saw it: the CPU time of its tasks, from the trace
// Lighthouse records. Lighthouse's main-thread figure adds up each task's wall time, which also
// counts the time the thread waited: for a core (on a two-core machine that runs Lighthouse,
// Chromium's other processes and the site's servers beside it) or for another process. In this
// bench that was about half of the wall time, and the site's pages waited more than the bare
// references in some sittings (tooling/bench/README.md): a ratio of CPU times shows how much of
// a page's ratio of wall times is its own work.

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * @typedef {{ name?: string, ph?: string, pid?: number, tid?: number, ts?: number, dur?: number, tdur?: number, args?: { name?: string } }} TraceEvent
 */

/**
 * The renderer main thread's tasks, top level only: the busiest `CrRendererMain` is the page's
 * (a new tab's about:blank and the priming page's barely run).
 * @param {TraceEvent[]} events
 */
function pageMainThreadTasks(events) {
  /** @type {Map<string, TraceEvent[]>} */
  const tasksByThread = new Map();
  const rendererMains = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  for (const event of events) {
    if (event.ph !== 'X' || !TASK.has(event.name ?? '') || typeof event.dur !== 'number') continue;
    const thread = `${event.pid}:${event.tid}`;
    if (!rendererMains.has(thread)) continue;
    const tasks = tasksByThread.get(thread);
    if (tasks) tasks.push(event);
    else tasksByThread.set(thread, [event]);
  }
  const wallOf = (/** @type {TraceEvent[]} */ tasks) => tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const busiest = [...tasksByThread.values()].sort((a, b) => wallOf(b) - wallOf(a))[0] ?? [];
  const ordered = [...busiest].sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  /** @type {TraceEvent[]} */
  const topLevel = [];
  let openUntil = -Infinity;
  for (const task of ordered) {
    if ((task.ts ?? 0) < openUntil) continue;
    topLevel.push(task);
    openUntil = (task.ts ?? 0) + (task.dur ?? 0);
  }
  return topLevel;
}

/**
 * The page main thread's CPU time in ms, multiplied by `slowdown` (Lighthouse's CPU multiplier, as
 * its own wall-time figure is) so it reads as at 4× on a phone.
 * @param {TraceEvent[]} events  a Lighthouse trace's traceEvents
 * @param {number} slowdown
 */
export function mainThreadCpuMs(events, slowdown) {
  const cpu = pageMainThreadTasks(events).reduce((total, task) => total + (task.tdur ?? 0), 0);
  return Math.round((cpu / 1000) * slowdown);
}
