// What the benchmark needs from a running API, made the way people make it:
// a table opened from the command line (its code is what the diner types), and
// customer accounts registered through the API with the real captcha solved.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '@samgyup/dev-site';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

const require = createRequire(import.meta.url);

/**
 * What the bench reads of the API's answers (each carries more).
 * @typedef {{ id: number, table_number: number }} Table  a table as the reservation form lists it
 * @typedef {{ token: string, user: { id: number, email: string } }} CustomerLogin  the `data` of POST /api/customers/login
 * @typedef {{ id: number, name: string, email: string, role: string }} StaffProfile
 * @typedef {{ apiOrigin: string, apiPort: number | string, dataDir: string }} BenchApi  the running API and its embedded database's folder
 */

/**
 * Calls the API; answers its JSON body, or throws with its message when it refuses.
 * @param {string} apiOrigin @param {string} method @param {string} url
 * @param {unknown} [body]  sent as JSON
 * @param {string} [token]  a bearer token
 * @returns {Promise<unknown>}  the caller names the shape it expects
 */
async function api(apiOrigin, method, url, body, token) {
  const response = await fetch(`${apiOrigin}${url}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = /** @type {{ message?: string }} */ (await response.json().catch(() => ({})));
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${answer.message ?? ''}`);
  return answer;
}

/**
 * `npm run table:open -- <table> <minutes>` against the running API; returns what the diner's phone stores.
 * @param {BenchApi & { tableNumber: number, minutes?: number }} options
 */
export async function openTable({ apiOrigin, apiPort, dataDir, tableNumber, minutes = 180 }) {
  const result = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(repoRoot, 'api', 'src', 'commands', 'open-table.ts'), String(tableNumber), String(minutes)], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(apiPort), API_HOST: '127.0.0.1', DATABASE_URL: '' },
  });
  const code = /Table code: (\S+)/.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || !code) throw new Error(`Could not open table ${tableNumber}: ${result.stderr || result.stdout}`);
  const table = /** @type {{ id: number, table_number: number }} */ (await api(apiOrigin, 'POST', '/api/refill-requests/validate-table', { table_code: code }));
  return { code, tableId: table.id, tableNumber: table.table_number };
}

/**
 * A solved captcha, as the widget hands it to a form.
 * @param {string} apiOrigin
 */
async function captcha(apiOrigin) {
  const { data: challenge } = /** @type {{ data: import('altcha-lib/types').Challenge }} */ (await api(apiOrigin, 'GET', '/api/captcha/challenge'));
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * Registers and logs in a customer; returns the login answer's data (token and user), as the site stores it.
 * @param {string} apiOrigin @param {string} email
 */
export async function customerLogin(apiOrigin, email) {
  const password = 'bench-password-1';
  await api(apiOrigin, 'POST', '/api/customers/register', {
    first_name: 'Bench',
    last_name: 'Diner',
    email,
    password,
    captcha: await captcha(apiOrigin),
  });
  const { data } = /** @type {{ data: CustomerLogin }} */ (await api(apiOrigin, 'POST', '/api/customers/login', { email, password, captcha: await captcha(apiOrigin) }));
  return data;
}

/**
 * Registers and logs in a customer; returns the bearer token.
 * @param {string} apiOrigin @param {string} email
 */
export async function customerToken(apiOrigin, email) {
  return (await customerLogin(apiOrigin, email)).token;
}

/**
 * The restaurant's tables as the reservation form lists them for a date and slot.
 * @param {string} apiOrigin @param {string} date  YYYY-MM-DD @param {string} time  HH:MM
 */
export async function tablesFor(apiOrigin, date, time) {
  const { data } = /** @type {{ data: Table[] }} */ (await api(apiOrigin, 'GET', `/api/tables/available?date=${date}&time=${time}`));
  return data;
}

/**
 * One booking of one guest at each of `tables` on `date` at `time`, by the customer of `token`:
 * what the upload figure sends its proofs for. Answers the reservation ids.
 * @param {string} apiOrigin @param {string} token @param {Table[]} tables @param {string} date @param {string} time
 */
export async function bookForUploads(apiOrigin, token, tables, date, time) {
  /** @type {number[]} */
  const ids = [];
  for (const table of tables) {
    const response = await fetch(`${apiOrigin}/api/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        customer_name: 'Bench Uploader',
        email: 'bench@example.com',
        phone: '0917 555 0100',
        reservation_date: date,
        reservation_time: time,
        table_id: table.id,
        number_of_guests: 1,
      }),
    });
    const answer = /** @type {{ message?: string, data: { id: number } }} */ (await response.json());
    if (!response.ok) throw new Error(`A booking to upload proofs for answered ${response.status}: ${answer.message}`);
    ids.push(answer.data.id);
  }
  return ids;
}

/**
 * A staff account made with `npm run staff:create`, as the owner makes the first one, logged in: its token and profile.
 * @param {BenchApi} options
 */
export async function staffLogin({ apiOrigin, apiPort, dataDir }) {
  const email = `bench.owner.${Date.now()}@samgyup.test`;
  const password = 'bench-owner-password';
  const created = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(repoRoot, 'api', 'src', 'commands', 'create-staff.ts'), email, 'Bench Owner', 'staff'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(apiPort), API_HOST: '127.0.0.1', DATABASE_URL: '', STAFF_PASSWORD: password },
  });
  if (created.status !== 0) throw new Error(`Could not create the bench's staff account: ${created.stderr || created.stdout}`);
  const { data: login } = /** @type {{ data: { token: string, staff: StaffProfile } }} */ (await api(apiOrigin, 'POST', '/api/staff/login', { email, password }));
  return { token: login.token, staff: login.staff };
}

/**
 * The token of a new staff account (staffLogin).
 * @param {BenchApi} options
 */
export async function staffToken(options) {
  return (await staffLogin(options)).token;
}

/**
 * `count` phone-sized photos (1600 x 1000 JPEG), each a different picture: the
 * site's own drawings with a texture at three scales, since a flat drawing
 * compresses to a few KB and a photo of food does not (these come out at 20-80
 * KB as a 960 px AVIF and 50-100 KB as JPEG, as photos of food do).
 * @param {number} count @param {number} [firstIndex]
 */
export async function benchPhotos(count, firstIndex = 0) {
  /** @type {typeof import('sharp')} */
  const sharp = require('sharp');
  const pictures = ['menu-pork', 'menu-beef', 'menu-chicken', 'menu-cup', 'menu-sides'].map((name) => path.join(repoRoot, 'mfe-menus', 'src', 'assets', `${name}.svg`));
  const photos = [];
  for (let index = firstIndex; index < firstIndex + count; index += 1) {
    // Grain seeded by the index: no two photos are the same file (the API stores a repeated upload once).
    const grain = await Promise.all(
      [8, 4, 2].map(async (factor) => {
        // Sharp takes no background when it draws noise, though its types ask for one.
        const noise = sharp({
          create: { width: 1600 / factor, height: 1000 / factor, channels: 3, background: 'gray', noise: { type: 'gaussian', mean: 128 + (index % 7), sigma: 20 } },
        });
        return {
          input: await sharp(await noise.png().toBuffer())
            .resize(1600, 1000, { kernel: 'cubic' })
            .png()
            .toBuffer(),
          blend: /** @type {const} */ ('overlay'),
        };
      }),
    );
    photos.push(
      await sharp(pictures[index % pictures.length], { density: 300 })
        .resize(1600, 1000, { fit: 'cover' })
        .composite(grain)
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return photos;
}

/**
 * Sends `photo` as the new photo of an item or promo (`ownerPath`: /api/staff/menu-items/{id}/photo); answers the status.
 * @param {string} apiOrigin @param {string} token @param {string} ownerPath @param {Buffer} photo @param {number} [index]
 */
export async function uploadPhoto(apiOrigin, token, ownerPath, photo, index = 0) {
  const body = new FormData();
  // A copy: Blob takes bytes on an ArrayBuffer, and sharp's Buffer is typed as possibly shared memory.
  body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${1000 + index}.jpg`);
  const response = await fetch(`${apiOrigin}${ownerPath}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The staff paths of every unlimited and ala carte item and every promo that take a photo.
 * @param {string} apiOrigin @param {string} token
 */
export async function photoOwners(apiOrigin, token) {
  const staffItems = /** @type {{ data: Array<{ id: number, category: string }> }} */ (await api(apiOrigin, 'GET', '/api/staff/menu-items', undefined, token)).data;
  const promos = /** @type {{ data: Array<{ id: number }> }} */ (await api(apiOrigin, 'GET', '/api/staff/promos', undefined, token)).data;
  return [
    ...staffItems.filter((item) => item.category !== 'sidedish').map((item) => `/api/staff/menu-items/${item.id}/photo`),
    ...promos.map((promo) => `/api/staff/promos/${promo.id}/photo`),
  ];
}

/**
 * Where a photo the menu lists show is served (its variants are files under it, such as `/960.jpg`). Both lists:
 * the staff list sorts by category, so the first photo uploaded may be on an ala carte item.
 * @param {string} apiOrigin
 */
export async function menuPhotoPath(apiOrigin) {
  const lists = await Promise.all(
    ['unlimited', 'alacarte'].map(
      async (list) => /** @type {{ data: Array<{ photo: { path: string } | null }> }} */ (await api(apiOrigin, 'GET', `/api/inventory/menu/${list}`)).data,
    ),
  );
  const photoPath = lists.flat().find((item) => item.photo)?.photo?.path;
  if (!photoPath) throw new Error('The photo the bench uploaded shows on no menu list');
  return photoPath;
}

/**
 * Photos on every unlimited and ala carte item and every promo, uploaded by a
 * staff account made with `npm run staff:create`, as the owner would from the
 * console.
 * @param {BenchApi} options
 */
export async function uploadMenuPhotos({ apiOrigin, apiPort, dataDir }) {
  const token = await staffToken({ apiOrigin, apiPort, dataDir });
  const owners = await photoOwners(apiOrigin, token);
  const photos = await benchPhotos(owners.length);
  for (const [index, url] of owners.entries()) {
    const status = await uploadPhoto(apiOrigin, token, url, photos[index], index);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  }
  return owners.length;
}
