import Fastify from 'fastify';
import { containsNul, NUL_MESSAGE, registerInputGuard } from './input-guard';

describe('containsNul', () => {
  it('finds a NUL in a string, a key or an element, however deep', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ name: 'Ana', notes: ['ok', { deep: ['x\u0000'] }] })).toBe(true);
    expect(containsNul({ 'bad\u0000key': 1 })).toBe(true);
    expect(containsNul([1, 2, [3, ['\u0000']]])).toBe(true);
    expect(containsNul(JSON.parse(`${'{"n":'.repeat(20_000)}"\\u0000"${'}'.repeat(20_000)}`))).toBe(true);
  });

  it('passes clean input, numbers, nulls and raw bytes', () => {
    expect(containsNul({ name: 'Ana', guests: 4, notes: null, tags: ['a', 'b'], nested: { ok: true } })).toBe(false);
    expect(containsNul(Array.from({ length: 200_000 }, (_, index) => index))).toBe(false);
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

describe('the guard on JSON bodies', () => {
  const app = Fastify();
  registerInputGuard(app);
  app.post('/echo', async (request) => ({ body: request.body }));
  afterAll(() => app.close());
  const send = (payload: string) => app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json; charset=utf-8' }, payload });

  it('refuses a NUL written as \\u0000 anywhere in the text, and passes the same six characters escaped as text', async () => {
    expect((await send('{"notes": ["ok", {"deep": "a\\u0000b"}]}')).json()).toMatchObject({ message: NUL_MESSAGE });
    expect((await send('{"a\\u0000": 1}')).statusCode).toBe(400);
    const text = await send('{"notes": "C:\\\\u0000 is a path, not a NUL"}');
    expect(text.statusCode).toBe(200);
    expect(text.json()).toEqual({ body: { notes: 'C:\\u0000 is a path, not a NUL' } });
  });

  it("keeps Fastify's own JSON answers: a broken body and a poisoned prototype are 400s", async () => {
    expect((await send('{"email": ')).statusCode).toBe(400);
    expect((await send('{"__proto__": {"admin": true}}')).statusCode).toBe(400);
    expect((await send('{"name": "Ana"}')).json()).toEqual({ body: { name: 'Ana' } });
  });
});
