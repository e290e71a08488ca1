// `npm run bench:uploads`: the bench's two upload figures (#33) alone, against the built API
// on a throwaway embedded database, in about a minute: an unrelated read's p99 while ten
// 5 MB proofs go up, and while eight photos go up and eight clients read a photo file.
// No site and no Lighthouse: for measuring a change to the upload paths before and after
// in one sitting. Each figure also gives the API's event-loop delays meanwhile (event-loop-probe.mjs).
// `--profile` writes a CPU profile of the API (node --cpu-prof) to .bench-reports/upload-stall-profile/.
// `--photos=N` sends N photos instead of 8 (the memory figure was over 40).
// API_PORT (4290) moves the API; `--server=<file>` runs another build of it (a copy of api/dist/ made
// before a change, kept inside api/ so it finds the same packages).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { apiServerArgs, repoRoot, waitForApiHealth } from '@samgyup/dev-site';
import { benchPhotos, bookForUploads, customerToken, menuPhotoPath, photoOwners, staffToken, tablesFor, uploadPhoto } from './bench-fixtures.mjs';
import { measurePhotosAgainstRead, measureUploadsAgainstRead } from './measure-api.mjs';

/** @typedef {{ p50Ms: number, p99Ms: number, maxMs: number }} LoopDelays how late the API's event loop ran (event-loop-probe.mjs) */
const loopDelayText = (/** @type {LoopDelays} */ delay) => `API event loop late by p99 ${delay.p99Ms} ms, at most ${delay.maxMs} ms`;
const apiPort = Number(process.env.API_PORT ?? 4290);
const profile = process.argv.includes('--profile');
const photoCount = Number(process.argv.find((arg) => arg.startsWith('--photos='))?.slice('--photos='.length) ?? 8);
const server = process.argv.find((arg) => arg.startsWith('--server='))?.slice('--server='.length);
const reportDir = path.join(repoRoot, '.bench-reports');
const profileDir = path.join(reportDir, 'upload-stall-profile');
const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-upload-stall-'));
const loopReport = path.join(dataDir, 'event-loop.json');
const daysFromNow = (/** @type {number} */ days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Started here rather than with startApi: Node takes --cpu-prof on its command line only.
const child = spawn(
  process.execPath,
  [
    '--import',
    fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url)),
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(server ? ['--enable-source-maps', path.resolve(server)] : apiServerArgs()),
  ],
  {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT_ENABLED: 'false',
      PENDING_RESERVATIONS_PER_CUSTOMER: '1000',
      LOG_LEVEL: 'warn',
      EVENT_LOOP_REPORT: loopReport,
    },
  },
);
const exited = new Promise((resolve) => child.once('exit', resolve));

/** The API's event-loop delays since the last call (event-loop-probe.mjs), and a new start. */
/** @returns {Promise<LoopDelays>} */
async function eventLoopDelays() {
  rmSync(loopReport, { force: true });
  child.kill('SIGUSR2');
  for (let waited = 0; !existsSync(loopReport); waited += 20) {
    if (waited > 10_000) throw new Error('The API did not report its event-loop delays within 10 s');
    await setTimeout(20);
  }
  return JSON.parse(readFileSync(loopReport, 'utf8'));
}
const api = { origin: `http://127.0.0.1:${apiPort}`, child };
try {
  await waitForApiHealth(api.origin, { child, timeoutMs: 180_000 });
  const apiOrigin = api.origin;
  const readPath = `/api/tables/available?date=${daysFromNow(31)}&time=18:30`;
  const uploader = await customerToken(apiOrigin, `bench-uploads-${Date.now()}@example.com`);
  const reservationIds = await bookForUploads(apiOrigin, uploader, (await tablesFor(apiOrigin, daysFromNow(1500), '17:00')).slice(0, 10), daysFromNow(1500), '17:00');
  await eventLoopDelays();
  const uploads = {
    ...(await measureUploadsAgainstRead({ apiOrigin, apiPid: api.child.pid, token: uploader, reservationIds, readPath })),
    apiEventLoopDelay: await eventLoopDelays(),
  };
  console.log(
    `${uploads.label}: read p99 ${uploads.readDuringUploads.p99Ms} ms (p50 ${uploads.readDuringUploads.p50Ms}, max ${uploads.readDuringUploads.maxMs}; alone p99 ${uploads.readAlone.p99Ms} ms), ${uploads.secondsPerRound} s per round ${JSON.stringify(uploads.uploadStatuses)}; ${loopDelayText(uploads.apiEventLoopDelay)}`,
  );

  const owner = await staffToken({ apiOrigin, apiPort, dataDir });
  const ownerPaths = await photoOwners(apiOrigin, owner);
  const [seedPhoto, ...photos] = await benchPhotos(photoCount + 1, 100);
  if ((await uploadPhoto(apiOrigin, owner, ownerPaths[0], seedPhoto)) !== 200) throw new Error('The first photo was not taken');
  const photoPath = await menuPhotoPath(apiOrigin);
  await eventLoopDelays();
  const photoFigure = await measurePhotosAgainstRead({
    apiOrigin,
    apiPid: api.child.pid,
    token: owner,
    ownerPaths: ownerPaths.slice(1),
    photos,
    photoPath: `${photoPath}/960.jpg`,
    readPath,
    uploadPhoto,
  });
  const photoLoad = { ...photoFigure, apiEventLoopDelay: await eventLoopDelays() };
  console.log(
    `${photoLoad.label}: read p99 ${photoLoad.readDuringPhotos.p99Ms} ms (p50 ${photoLoad.readDuringPhotos.p50Ms}, max ${photoLoad.readDuringPhotos.maxMs}; alone p99 ${photoLoad.readAlone.p99Ms} ms), ${photoLoad.uploadSeconds} s of uploads ${JSON.stringify(photoLoad.uploadStatuses)}, ${photoLoad.photoReads.requests} photo reads (p50 ${photoLoad.photoReads.p50Ms} ms, p99 ${photoLoad.photoReads.p99Ms} ms), API memory ${photoLoad.apiRssMb.before} -> ${photoLoad.apiRssMb.after} MB; ${loopDelayText(photoLoad.apiEventLoopDelay)}`,
  );
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, 'upload-stall.json'), `${JSON.stringify({ date: new Date().toISOString(), uploads, photos: photoLoad }, null, 2)}\n`);
} finally {
  // SIGTERM lets the API finish and write its profile.
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
if (profile) console.log(`CPU profile of the API in ${profileDir}`);
