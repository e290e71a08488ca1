import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';
import { waitUntil } from '../../test/wait-until';
import { deliverNotice, NOTICE_ATTEMPTS, queueNotices } from '../../services/notices/notices-service';
import { insertNotice } from '../../repositories/notices-repository';

let t: TestApp;
let broken: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  // Mail to a port where nothing listens: every attempt fails at once.
  broken = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false', SMTP_URL: 'smtp://127.0.0.1:1', JOB_WORKERS_ENABLED: 'false' } });
  staff = (await quickStaff(t.app)).auth;
});
afterAll(async () => {
  await t.close();
  await broken.close();
});

const filesTo = (dir: string, recipient: string) => {
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith(`-${recipient}.json`))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  } catch {
    return [];
  }
};

const notice = (recipient: string, extra: Record<string, unknown> = {}) => ({
  reservation_id: null,
  kind: 'test',
  channel: 'email' as const,
  recipient,
  subject: 'Hello',
  body: 'A test notice',
  ...extra,
});

describe('notices and the job queue', () => {
  it('stores a notice and its job with the change: a rolled-back change leaves neither', async () => {
    const [before] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'send-notice'`);
    await expect(
      t.db.transaction(async (tx) => {
        await queueNotices(tx, t.app.jobs, [notice('rollback@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [after] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'send-notice'`);
    expect(after.count).toBe(before.count);
    expect(await t.db.query(`SELECT id FROM notices WHERE recipient = 'rollback@example.com'`)).toEqual([]);
  });

  it('makes one notice of one dedupe key, however often it is queued', async () => {
    const ids = await t.db.transaction(async (tx) => [
      ...(await queueNotices(tx, t.app.jobs, [notice('dedupe@example.com', { dedupe_key: 'test:once' })])),
      ...(await queueNotices(tx, t.app.jobs, [notice('dedupe@example.com', { dedupe_key: 'test:once' })])),
    ]);
    expect(ids).toHaveLength(1);
  });

  it('sends a notice once when several senders try it at the same moment', async () => {
    const [id] = await t.db.transaction((tx) => queueNotices(tx, t.app.jobs, [notice('race@example.com')]));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliverNotice(t.db, t.app.notices.senders, id)));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    expect(await deliverNotice(t.db, t.app.notices.senders, id)).toBe('done');
    expect(filesTo(t.config.mailboxDir, 'race@example.com')).toHaveLength(1);
  });

  it('has the queue worker send a notice nobody sent at once (pg-boss on this database)', async () => {
    const id = (await insertNotice(t.db, notice('worker@example.com')))!;
    await t.db.transaction((tx) => t.app.jobs.send(tx, 'send-notice', { noticeId: id }));
    await waitUntil(() => filesTo(t.config.mailboxDir, 'worker@example.com').length === 1, { what: "the queue worker's mail to worker@example.com" });
    // The worker writes the mail, then records it as sent: the row follows the file by a moment.
    const row = await waitUntil(async () => (await t.db.query<{ status: string; sent_at: string | null }>('SELECT status, sent_at FROM notices WHERE id = $1', [id]))[0], {
      what: 'the notice recorded as sent',
      done: (notice) => notice.status !== 'queued',
    });
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(filesTo(t.config.mailboxDir, 'worker@example.com')).toHaveLength(1);
  });

  it('sends a text message to the local outbox', async () => {
    const [id] = await t.db.transaction((tx) => queueNotices(tx, t.app.jobs, [notice('09175550142', { channel: 'sms', subject: '' })]));
    await t.app.notices.deliverNow([id]);
    expect(filesTo(t.config.sms.outboxDir, '09175550142')).toEqual([expect.objectContaining({ to: '09175550142', text: 'A test notice' })]);
  });

  it('counts failed attempts, gives up after the last, shows the failure to staff; a retry queues it afresh (and, the mailer still down, tries it once)', async () => {
    const [id] = await broken.db.transaction((tx) => queueNotices(tx, broken.app.jobs, [notice('failing@example.com')]));
    for (let attempt = 1; attempt <= NOTICE_ATTEMPTS; attempt += 1) {
      expect(await deliverNotice(broken.db, broken.app.notices.senders, id)).toBe('failed');
    }
    expect(await deliverNotice(broken.db, broken.app.notices.senders, id)).toBe('done');
    const brokenStaff = (await quickStaff(broken.app)).auth;
    const failed = await broken.app.inject({ method: 'GET', url: '/api/staff/notices?status=failed', headers: brokenStaff });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toEqual([
      expect.objectContaining({ id, recipient: 'failing@example.com', status: 'failed', attempts: NOTICE_ATTEMPTS, last_error: expect.stringContaining('ECONNREFUSED') }),
    ]);

    const retried = await broken.app.inject({ method: 'POST', url: `/api/staff/notices/${id}/retry`, headers: brokenStaff });
    expect(retried.json()).toEqual({ success: true, message: `Notice #${id} is queued again.` });
    const [row] = await broken.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM notices WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'queued', attempts: 1 });
  });

  it('retries a failed notice for staff: it goes out, and retrying one that did not fail is refused', async () => {
    const id = (await insertNotice(t.db, notice('retry@example.com')))!;
    await t.db.query(`UPDATE notices SET status = 'failed', attempts = $2, last_error = 'gateway down' WHERE id = $1`, [id, NOTICE_ATTEMPTS]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/staff/notices', headers: staff });
    expect(listed.json().data.map((row: { id: number }) => row.id)).toContain(id);
    const retried = await t.app.inject({ method: 'POST', url: `/api/staff/notices/${id}/retry`, headers: staff });
    expect(retried.statusCode).toBe(200);
    expect(filesTo(t.config.mailboxDir, 'retry@example.com')).toHaveLength(1);
    const again = await t.app.inject({ method: 'POST', url: `/api/staff/notices/${id}/retry`, headers: staff });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This notice has not failed: only failed notices can be sent again.' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/staff/notices/999999/retry', headers: staff });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/staff/notices?status=lost', headers: staff });
    expect(bad.json()).toEqual({ success: false, message: 'Send status as queued, sent or failed.' });
  });

  it('is for staff only', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/notices' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/notices', headers: customer.auth })).statusCode).toBe(403);
  });
});
