import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes whole counts with thousands separators, as en-US does', () => {
    for (const count of [0, 7, 999, 1000, 1234, 12_345, 1_234_567, -4321]) expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });
});
