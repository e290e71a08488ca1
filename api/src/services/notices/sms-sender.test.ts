import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createSmsSender, philippineMobileNumber } from './sms-sender';

// A local fake of Semaphore's POST /api/v4/messages: it answers as the real one
// does (a JSON list of queued messages, or an error object with 4xx).
let server: Server;
let url: string;
let received: Record<string, string>[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: null };
const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-sms-'));

const readForm = (request: IncomingMessage) =>
  new Promise<Record<string, string>>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(Object.fromEntries(new URLSearchParams(text))));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = await readForm(request);
    received.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', ...form });
    const body = answer.body ?? [{ message_id: 1234, user_id: 1, recipient: form.number, message: form.message, sender_name: form.sendername ?? 'SEMAPHORE', status: 'Pending' }];
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4/messages`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
  answer = { status: 200, body: null };
});

const semaphore = () =>
  createSmsSender(
    loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'test-key', SEMAPHORE_SENDER_NAME: 'SAMGYUP', SEMAPHORE_API_URL: url }),
    pino({ enabled: false }),
  );

describe('text messages', () => {
  it('writes to the local outbox by default', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    await createSmsSender(config, pino({ enabled: false })).send({ to: '0917 555 0142', text: 'Hello from the grill' });
    const files = readdirSync(config.sms.outboxDir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(config.sms.outboxDir, files[0]), 'utf8'))).toMatchObject({ to: '0917 555 0142', text: 'Hello from the grill' });
  });

  it('posts to Semaphore with the key, the number in 09 form, the message and the sender name', async () => {
    await semaphore().send({ to: '+63 917 555 0142', text: 'Your table is confirmed' });
    expect(received).toEqual([
      { path: '/api/v4/messages', type: 'application/x-www-form-urlencoded', apikey: 'test-key', number: '09175550142', message: 'Your table is confirmed', sendername: 'SAMGYUP' },
    ]);
  });

  it('fails (so the queue retries) when Semaphore refuses, answers garbage, or reports the message failed', async () => {
    answer = { status: 401, body: { apikey: ['The selected apikey is invalid.'] } };
    await expect(semaphore().send({ to: '09175550142', text: 'x' })).rejects.toThrow('Semaphore answered 401: {"apikey":["The selected apikey is invalid."]}');
    answer = { status: 200, body: 'not json' };
    await expect(semaphore().send({ to: '09175550142', text: 'x' })).rejects.toThrow('did not accept');
    answer = { status: 200, body: [{ message_id: 9, status: 'Failed' }] };
    await expect(semaphore().send({ to: '09175550142', text: 'x' })).rejects.toThrow('did not accept');
  });

  it('refuses a number that is not a Philippine mobile without calling the gateway', async () => {
    await expect(semaphore().send({ to: '12345', text: 'x' })).rejects.toThrow('Not a Philippine mobile number: 12345');
    expect(received).toEqual([]);
    expect(philippineMobileNumber('639175550142')).toBe('09175550142');
    expect(philippineMobileNumber('9175550142')).toBe('09175550142');
    expect(philippineMobileNumber('0917-555-0142')).toBe('09175550142');
    expect(philippineMobileNumber('0817 555 0142')).toBeNull();
  });

  it('needs an API key when Semaphore is chosen', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'semaphore' })).toThrow('SEMAPHORE_API_KEY: is required when SMS_PROVIDER=semaphore');
  });
});
