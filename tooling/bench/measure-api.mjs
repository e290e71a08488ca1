// API throughput on loopback with autocannon. Reads are measured next to a bare
// Fastify route in the same run, so the ratio says what our stack costs on this
// machine, whatever the machine is. Writes are measured the way diners make
// them, and one run makes 50 clients fight over 10 table-slots.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from './median.mjs';

export const CONNECTIONS = 50;
export const DURATION_SECONDS = 5;

/** @typedef {Record<string, number>} StatusCounts  HTTP status -> responses */
/**
 * One measured route (a row of the report).
 * @typedef {{ label: string, requestsPerSecond: number, p99Ms: number, requests: number, statuses: StatusCounts, errors: number }} RouteSummary
 */

/**
 * autocannon until the run ends.
 * @param {autocannon.Options} options
 * @returns {Promise<autocannon.Result>}
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * autocannon running until `stop()` (a run far longer than what it measures), and its result then.
 * @param {autocannon.Options} options
 */
function cannonUntilStopped(options) {
  /** @type {(value: autocannon.Result) => void} */
  let settle = () => {};
  /** @type {(error: unknown) => void} */
  let fail = () => {};
  /** @type {Promise<autocannon.Result>} */
  const result = new Promise((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const instance = autocannon(options, (error, answer) => (error ? fail(error) : settle(answer)));
  return { stop: () => instance.stop(), result };
}

/**
 * A `setupRequest` that may answer null: autocannon then starts the connection's requests again from the first
 * (its README says so; the types, written for an older version, ask for a request every time).
 * @param {(request: autocannon.Request, context: { id?: number }) => autocannon.Request | null} setup
 */
const setupOrRestart = (setup) => /** @type {(request: autocannon.Request, context: object) => autocannon.Request} */ (setup);

/** @param {autocannon.Result} result @returns {StatusCounts} */
function statusCounts(result) {
  return Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]));
}

/** @param {string} label @param {autocannon.Result} result @returns {RouteSummary} */
function summary(label, result) {
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    statuses: statusCounts(result),
    errors: result.errors + result.timeouts,
  };
}

/**
 * Starts tooling/bench/bare-fastify-server.mjs in a child process; resolves once it listens.
 * @param {number} port
 * @returns {Promise<{ close: () => void }>}
 */
export function startBareFastify(port) {
  const child = fork(fileURLToPath(new URL('./bare-fastify-server.mjs', import.meta.url)), [String(port)], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ close: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`the bare Fastify server stopped (${code})`)));
  });
}

/**
 * A read: two seconds of warm-up (JIT, caches, sockets), discarded, then the measured run.
 * @param {string} label @param {string} url
 */
async function measureRead(label, url) {
  await cannon({ url, connections: CONNECTIONS, duration: 2 });
  return summary(label, await cannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS }));
}

export const READ_ROUNDS = 3;

/**
 * GET routes at 50 connections, each next to the bare route. Two cores share the
 * load generator and the server, so one run swings by a third: each round
 * measures the bare route and then every route, and the report gives the
 * median of the rounds (every round's figures are kept too).
 * @param {{ bareUrl: string, apiOrigin: string, paths: string[], rounds?: number }} options
 */
export async function measureReads({ bareUrl, apiOrigin, paths, rounds = READ_ROUNDS }) {
  /** @typedef {RouteSummary & { ratioToBare?: number }} ReadRun */
  /** @type {ReadRun[]} */
  const bareRuns = [];
  /** @type {Map<string, Array<ReadRun & { ratioToBare: number }>>} path -> each round's run */
  const runs = new Map(paths.map((path) => [path, []]));
  const runsOf = (/** @type {string} */ path) => runs.get(path) ?? [];
  for (let round = 0; round < rounds; round += 1) {
    const bare = await measureRead('bare Fastify route', bareUrl);
    bareRuns.push(bare);
    for (const path of paths) {
      const row = await measureRead(`GET ${path}`, `${apiOrigin}${path}`);
      runsOf(path).push({ ...row, ratioToBare: Number((row.requestsPerSecond / bare.requestsPerSecond).toFixed(2)) });
    }
  }
  const medianOf = (/** @type {ReadRun[]} */ list) => ({
    ...list[0],
    requestsPerSecond: median(list.map((run) => run.requestsPerSecond)),
    p99Ms: median(list.map((run) => run.p99Ms)),
    requests: list.reduce((sum, run) => sum + run.requests, 0),
    errors: list.reduce((sum, run) => sum + run.errors, 0),
    statuses: list.reduce((/** @type {StatusCounts} */ all, run) => {
      for (const [status, count] of Object.entries(run.statuses)) all[status] = (all[status] ?? 0) + count;
      return all;
    }, {}),
    rounds: list.map(({ requestsPerSecond, p99Ms, ratioToBare }) => ({ requestsPerSecond, p99Ms, ...(ratioToBare === undefined ? {} : { ratioToBare }) })),
  });
  return {
    bare: medianOf(bareRuns),
    rows: paths.map((path) => ({ ...medianOf(runsOf(path)), ratioToBare: median(runsOf(path).map((run) => run.ratioToBare)) })),
  };
}

/** @typedef {{ date: string, time: string, tableId: number }} TableSlot  a table on a date (YYYY-MM-DD) at a slot (HH:MM) */

/** @param {TableSlot} slot */
function reservationBody({ date, time, tableId }) {
  return JSON.stringify({
    customer_name: 'Bench Diner',
    email: 'bench@example.com',
    phone: '0917 555 0100',
    reservation_date: date,
    reservation_time: time,
    table_id: tableId,
    number_of_guests: 1,
  });
}

/**
 * Every request books a table-slot nobody else asks for: days from `firstDate` on, each slot, each table.
 * @param {{ apiOrigin: string, token: string, tableIds: number[], slots: string[], firstDate: string, amount?: number }} options
 */
export async function measureBookings({ apiOrigin, token, tableIds, slots, firstDate, amount = 1500 }) {
  let next = 0;
  const day = (/** @type {number} */ index) => new Date(Date.parse(`${firstDate}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
  const result = await cannon({
    url: `${apiOrigin}/api/reservations`,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => {
          const index = next++;
          const perDay = tableIds.length * slots.length;
          const rest = index % perDay;
          const slot = slots[Math.floor(rest / tableIds.length)];
          return { ...request, body: reservationBody({ date: day(Math.floor(index / perDay)), time: slot, tableId: tableIds[rest % tableIds.length] }) };
        },
      },
    ],
  });
  return summary('POST /api/reservations (distinct tables and slots)', result);
}

/**
 * 50 clients, 10 table-slots, every client asking for them in turn: exactly 10 may be booked.
 * @param {{ apiOrigin: string, token: string, contested: TableSlot[], attemptsPerSlot?: number }} options
 */
export async function measureContention({ apiOrigin, token, contested, attemptsPerSlot = 50 }) {
  let next = 0;
  const result = await cannon({
    url: `${apiOrigin}/api/reservations`,
    connections: CONNECTIONS,
    amount: contested.length * attemptsPerSlot,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => ({ ...request, body: reservationBody(contested[next++ % contested.length]) }),
      },
    ],
  });
  return summary(`POST /api/reservations, ${CONNECTIONS} clients over ${contested.length} table-slots`, result);
}

/**
 * POST /api/refill-requests as diners send them: each connection belongs to one
 * table and, once its request is answered, marks it completed (as the diner's
 * phone does when the food arrives), so no table goes over its 5 waiting requests.
 * Five connections per table; the p99 is the worst of the tables' p99s.
 * @param {{ apiOrigin: string, tableCodes: string[] }} options
 * @returns {Promise<RouteSummary>}
 */
export async function measureRefills({ apiOrigin, tableCodes }) {
  const perTable = Math.max(1, Math.floor(CONNECTIONS / tableCodes.length));
  const runs = tableCodes.map((code) =>
    cannon({
      url: `${apiOrigin}/api/refill-requests`,
      connections: perTable,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/refill-requests',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ table_code: code, request_type: 'Pork (2), Rice (1)', notes: 'meat: Pork x2; food: Rice x1' }),
          onResponse: (status, body, context) => {
            if (status !== 201) return;
            const answer = /** @type {{ id?: number, data?: { id?: number } }} */ (JSON.parse(body));
            /** @type {{ id?: number }} */ (context).id = answer.data?.id ?? answer.id;
          },
        },
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          setupRequest: setupOrRestart((request, context) =>
            context.id ? { ...request, path: `/api/refill-requests/${context.id}/status`, body: JSON.stringify({ status: 'completed', table_code: code }) } : null,
          ),
        },
      ],
    }),
  );
  const results = await Promise.all(runs);
  /** @type {StatusCounts} */
  const statuses = {};
  for (const result of results) {
    for (const [status, count] of Object.entries(statusCounts(result))) statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    label: `POST /api/refill-requests, each followed by PATCH …/status completed (${tableCodes.length} tables × ${perTable} connections)`,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    statuses,
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  };
}

/** A PNG header and 5 MB of filler: the largest proof of payment the API takes. */
function largestProof() {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length - 512, 7)]);
}

/**
 * A process's resident memory in MB (null when it cannot be read).
 * @param {number | undefined} pid
 */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * An unrelated read (a table lookup, which asks the database every time) at
 * 2 connections, first alone, then while rounds of `concurrent` 5 MB payment
 * proofs go up from one account at once: its p99 says whether heavy uploads
 * stall everyone else. The API's memory before and after is reported too.
 * @param {{ apiOrigin: string, apiPid: number | undefined, token: string, reservationIds: number[], readPath: string, rounds?: number }} options
 */
export async function measureUploadsAgainstRead({ apiOrigin, apiPid, token, reservationIds, readPath, rounds = 3 }) {
  const url = `${apiOrigin}${readPath}`;
  const alone = await cannon({ url, connections: 2, duration: 3 });
  const rssBefore = rssMb(apiPid);
  const proof = largestProof();
  /** @type {StatusCounts} */
  const statuses = {};
  let uploadMs = 0;
  const during = cannonUntilStopped({ url, connections: 2, duration: 600 });
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await Promise.all(
      reservationIds.map(async (id) => {
        const form = new FormData();
        form.append('file', new Blob([proof], { type: 'image/png' }), 'proof.png');
        const response = await fetch(`${apiOrigin}/api/reservations/${id}/payment-proof`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }),
    );
    uploadMs += performance.now() - started;
  }
  during.stop();
  const read = await during.result;
  return {
    label: `GET ${readPath} while ${reservationIds.length} proofs of 5 MB go up at once (${rounds} rounds)`,
    concurrentUploads: reservationIds.length,
    rounds,
    uploadStatuses: statuses,
    secondsPerRound: Number((uploadMs / rounds / 1000).toFixed(2)),
    readAlone: { p50Ms: alone.latency.p50, p99Ms: alone.latency.p99, requests: alone.requests.total },
    readDuringUploads: { p50Ms: read.latency.p50, p99Ms: read.latency.p99, maxMs: read.latency.max, requests: read.requests.total, errors: read.errors + read.timeouts },
    apiRssMb: { before: rssBefore, after: rssMb(apiPid) },
  };
}

/**
 * The same unrelated read, first alone, then while staff put new photos on
 * `ownerPaths` (`rounds` times each, all at once: a replica processes one at a
 * time) and 8 clients in another process (photo-readers.mjs) read a photo file (`photoPath`) as fast as they can: its
 * p99 says whether photo bytes stall everyone else. The API's memory before
 * and after is reported too.
 * @param {object} options
 * @param {string} options.apiOrigin @param {number | undefined} options.apiPid @param {string} options.token
 * @param {string[]} options.ownerPaths @param {Buffer[]} options.photos @param {string} options.photoPath @param {string} options.readPath
 * @param {(apiOrigin: string, token: string, ownerPath: string, photo: Buffer, index: number) => Promise<number>} options.uploadPhoto  answers the upload's status
 */
export async function measurePhotosAgainstRead({ apiOrigin, apiPid, token, ownerPaths, photos, photoPath, readPath, uploadPhoto }) {
  const url = `${apiOrigin}${readPath}`;
  const alone = await cannon({ url, connections: 2, duration: 3 });
  const rssBefore = rssMb(apiPid);
  /** @type {StatusCounts} */
  const statuses = {};
  const readingPhotos = fork(fileURLToPath(new URL('./photo-readers.mjs', import.meta.url)), [`${apiOrigin}${photoPath}`, '8'], { stdio: 'inherit' });
  /** @type {Promise<autocannon.Result>} */
  const photoReads = new Promise((resolve, reject) => {
    readingPhotos.once('message', (/** @type {{ error?: string, result?: autocannon.Result }} */ message) =>
      message.result ? resolve(message.result) : reject(new Error(message.error ?? 'The photo readers sent no result')),
    );
    readingPhotos.once('exit', (code) => reject(new Error(`The photo readers stopped (exit ${code}) before their result`)));
  });
  const during = cannonUntilStopped({ url, connections: 2, duration: 600 });
  const started = performance.now();
  await Promise.all(
    photos.map(async (photo, index) => {
      const status = await uploadPhoto(apiOrigin, token, ownerPaths[index % ownerPaths.length], photo, index);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const uploadSeconds = (performance.now() - started) / 1000;
  during.stop();
  readingPhotos.send('stop');
  const [read, files] = await Promise.all([during.result, photoReads]);
  return {
    label: `GET ${readPath} while ${photos.length} photos go up and 8 clients read a photo file`,
    uploads: photos.length,
    uploadStatuses: statuses,
    uploadSeconds: Number(uploadSeconds.toFixed(1)),
    photoReads: { requests: files.requests.total, p50Ms: files.latency.p50, p99Ms: files.latency.p99, non2xx: files.non2xx },
    readAlone: { p50Ms: alone.latency.p50, p99Ms: alone.latency.p99, requests: alone.requests.total },
    readDuringPhotos: { p50Ms: read.latency.p50, p99Ms: read.latency.p99, maxMs: read.latency.max, requests: read.requests.total, errors: read.errors + read.timeouts },
    apiRssMb: { before: rssBefore, after: rssMb(apiPid) },
  };
}
