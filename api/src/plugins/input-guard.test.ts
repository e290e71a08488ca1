import { containsNul } from './input-guard';

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
