// Scratch (not committed): the bench's photo figure alone, on ports of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi } from '@samgyup/dev-site';
import { benchPhotos, photoOwners, staffToken, uploadPhoto } from './bench-fixtures.mjs';
import { measurePhotosAgainstRead } from './measure-api.mjs';
const port = 4960;
const apiOrigin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-photofig-'));
const api = await startApi({ port, stdio: ['ignore', 'ignore', 'inherit'], timeoutMs: 120_000, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn' } });
try {
  const date = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  const owner = await staffToken({ apiOrigin, apiPort: port, dataDir });
  const ownerPaths = await photoOwners(apiOrigin, owner);
  const [seedPhoto, ...photos] = await benchPhotos(9, 100);
  console.log('seed upload', await uploadPhoto(apiOrigin, owner, ownerPaths[0], seedPhoto));
  const lists = await Promise.all(['unlimited', 'alacarte'].map(async (list) => (await (await fetch(`${apiOrigin}/api/inventory/menu/${list}`)).json()).data));
  const photoPath = lists.flat().find((item) => item.photo)?.photo.path;
  for (let round = 0; round < Number(process.env.ROUNDS || 2); round += 1) {
    const result = await measurePhotosAgainstRead({ apiOrigin, apiPid: api.child.pid, token: owner, ownerPaths: ownerPaths.slice(1), photos, photoPath: `${photoPath}/960.jpg`, readPath: `/api/tables/available?date=${date}&time=18:30`, uploadPhoto });
    console.log(JSON.stringify(result));
  }
} finally {
  await api.stop();
}
