import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickStaff, registerAndLogin } from '../../test/customer-helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const listPublic = async () => (await t.app.inject({ method: 'GET', url: '/api/feedback/public' })).json().data as Array<Record<string, unknown>>;
/** Rows written straight into the database, as an operator would; the API's 5-second list cache does not see those. */
const insertDirectly = async (sql: string) => {
  await t.db.query(sql);
  t.app.reviewsCache.clear();
};
const postFeedback = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/feedback', payload, headers });

describe('GET /api/feedback/public', () => {
  it('lists published reviews newest first with the public fields only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback/public' });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.length).toBeGreaterThan(0);
    const dates = data.map((review: { created_at: string }) => Date.parse(review.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const review of data) {
      expect(Object.keys(review).sort()).toEqual(expect.arrayContaining(['created_at', 'customer_name', 'feedback_text', 'id', 'rating']));
      expect(review).not.toHaveProperty('email');
      expect(review).not.toHaveProperty('customer_id');
      if ('admin_response' in review) expect(typeof review.admin_response).toBe('string');
    }
  });

  it('shows the restaurant response when there is one, and hides unpublished reviews', async () => {
    await insertDirectly(
      `INSERT INTO feedback (customer_name, rating, feedback_text, admin_response, created_at)
       VALUES ('Responded Diner', 4, 'Good but slow refills', 'Sorry! We added staff on weekends.', now() - interval '1 day')`,
    );
    await insertDirectly(`INSERT INTO feedback (customer_name, rating, feedback_text, is_published) VALUES ('Hidden', 1, 'spam', false)`);
    const data = await listPublic();
    expect(data.find((review) => review.customer_name === 'Responded Diner')).toMatchObject({
      admin_response: 'Sorry! We added staff on weekends.',
    });
    expect(data.some((review) => review.customer_name === 'Hidden')).toBe(false);
  });

  it("names an author without a name 'Anonymous Customer'", async () => {
    await insertDirectly(`INSERT INTO feedback (customer_name, rating, feedback_text, created_at) VALUES ('', 5, 'Sarap!', now() - interval '1 day')`);
    expect((await listPublic()).find((review) => review.feedback_text === 'Sarap!')).toMatchObject({ customer_name: 'Anonymous Customer' });
  });

  it('answers 304 to an unchanged list and a new ETag once a review is added', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/feedback/public' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/api/feedback/public', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const { auth } = await registerAndLogin(t.app);
    expect((await postFeedback({ rating: 5, feedback_text: 'New one' }, auth)).statusCode).toBe(201);
    const changed = await t.app.inject({ method: 'GET', url: '/api/feedback/public', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the public list in pages', () => {
  type Page = { success: boolean; data: Array<{ id: number; created_at: string }>; page_size: number; next_cursor: string | null; total: number };
  const page = async (cursor?: string) => (await t.app.inject({ method: 'GET', url: '/api/feedback/public', query: cursor === undefined ? {} : { cursor } })).json() as Page;

  it('gives the newest 20 with the total and a cursor, and every older review once, page after page', async () => {
    await insertDirectly(
      `INSERT INTO feedback (customer_name, rating, feedback_text, created_at)
       SELECT 'Paged Diner ' || n, 1 + n % 5, 'Paged review ' || n, now() - interval '3 days' - n * interval '1 minute'
         FROM generate_series(1, 45) AS n`,
    );
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM feedback WHERE is_published');
    const first = await page();
    expect(first).toMatchObject({ success: true, page_size: 20, total: count });
    expect(first.data).toHaveLength(20);
    const seen = [...first.data];
    let cursor = first.next_cursor;
    // A review posted while a diner pages through shifts nothing.
    const { auth } = await registerAndLogin(t.app);
    expect((await postFeedback({ rating: 5, feedback_text: 'Posted mid-way' }, auth)).statusCode).toBe(201);
    for (let pages = 0; cursor !== null && pages < 10; pages += 1) {
      const next = await page(cursor);
      expect(next.success).toBe(true);
      expect(next.data.length).toBeLessThanOrEqual(20);
      seen.push(...next.data);
      cursor = next.next_cursor;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(count);
    expect(new Set(seen.map((review) => review.id)).size).toBe(count);
    const order = seen.map((review) => Date.parse(review.created_at));
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', ''])('refuses the cursor %p with a message', async (cursor) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback/public', query: { cursor } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'That page of reviews does not exist. Please reload the reviews.' });
  });

  it('gives an empty last page for a cursor of a review that does not exist', async () => {
    expect(await page('2147483647')).toMatchObject({ success: true, data: [], next_cursor: null });
  });
});

describe('the public list and changes', () => {
  it('shows a new review, a staff answer and a hidden review at once, though the list is kept in memory', async () => {
    await listPublic();
    const { auth } = await registerAndLogin(t.app);
    const posted = await postFeedback({ rating: 4, feedback_text: 'Shown straight away' }, auth);
    expect(posted.statusCode).toBe(201);
    const review = (await listPublic()).find((item) => item.feedback_text === 'Shown straight away');
    expect(review).toBeDefined();
    const staff = await quickStaff(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/staff/feedback/${review!.id}/response`, payload: { response: 'Salamat!' }, headers: staff.auth });
    expect((await listPublic()).find((item) => item.id === review!.id)).toMatchObject({ admin_response: 'Salamat!' });
    await t.app.inject({ method: 'PATCH', url: `/api/staff/feedback/${review!.id}`, payload: { is_published: false }, headers: staff.auth });
    expect((await listPublic()).some((item) => item.id === review!.id)).toBe(false);
  });
});

describe('POST /api/feedback', () => {
  it('needs a customer login', async () => {
    const anonymous = await postFeedback({ rating: 5, feedback_text: 'Great' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
    const forged = await postFeedback({ rating: 5, feedback_text: 'Great' }, { authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(401);
  });

  it("stores the review under the account's name and email, whatever the body says", async () => {
    const { auth, account } = await registerAndLogin(t.app, { first_name: 'Liza', last_name: 'Reyes' });
    const response = await postFeedback(
      { customer_name: 'Somebody Else', email: 'else@example.com', feedback_type: 'general', rating: 4, feedback_text: '  Crispy and juicy.  ' },
      auth,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: 'Thank you for your feedback!' });
    const [row] = await t.db.query<{ customer_name: string; email: string; feedback_text: string }>('SELECT customer_name, email, feedback_text FROM feedback WHERE id = $1', [
      response.json().data.id,
    ]);
    expect(row).toEqual({ customer_name: 'Liza Reyes', email: account.email, feedback_text: 'Crispy and juicy.' });
    expect((await listPublic())[0]).toMatchObject({ customer_name: 'Liza Reyes', rating: 4, feedback_text: 'Crispy and juicy.' });
  });

  it.each([
    [{ feedback_text: 'No stars' }],
    [{ rating: 0, feedback_text: 'Zero' }],
    [{ rating: 6, feedback_text: 'Six' }],
    [{ rating: 3.5, feedback_text: 'Half' }],
    [{ rating: '5', feedback_text: 'A string' }],
    [{ rating: 5, feedback_text: '   ' }],
    [{ rating: 5 }],
  ])('refuses %p with the form message', async (payload) => {
    const { auth } = await registerAndLogin(t.app);
    const response = await postFeedback(payload, auth);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Please provide a rating and write your review.' });
  });

  it('refuses a review longer than 2000 characters and another feedback type', async () => {
    const { auth } = await registerAndLogin(t.app);
    const long = await postFeedback({ rating: 5, feedback_text: 'a'.repeat(2001) }, auth);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Keep your review under 2000 characters.');
    expect((await postFeedback({ rating: 5, feedback_text: 'ok', feedback_type: 'complaint' }, auth)).statusCode).toBe(400);
  });

  it('keeps markup as plain text, byte for byte', async () => {
    const { auth } = await registerAndLogin(t.app);
    const text = '<img src=x onerror="alert(1)"><script>alert("xss")</script> & "quotes"';
    expect((await postFeedback({ rating: 2, feedback_text: text }, auth)).statusCode).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback/public' });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().data[0].feedback_text).toBe(text);
  });

  it('allows 3 reviews a day per customer, also when they are sent at once', async () => {
    const { auth } = await registerAndLogin(t.app);
    const responses = await Promise.all([1, 2, 3, 4, 5].map((n) => postFeedback({ rating: 5, feedback_text: `Review ${n}` }, auth)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json().message).toBe('You can post up to 3 reviews a day. Please try again tomorrow.');
    // Another customer is not affected.
    const other = await registerAndLogin(t.app);
    expect((await postFeedback({ rating: 5, feedback_text: 'Mine' }, other.auth)).statusCode).toBe(201);
  });
});
