import { formatPesos } from './format-pesos';

describe('formatPesos', () => {
  it('shows whole pesos with the peso sign and no decimals', () => {
    expect(formatPesos(199)).toBe('₱199');
    expect(formatPesos(75)).toBe('₱75');
    expect(formatPesos(1250)).toBe('₱1,250');
    expect(formatPesos(99.6)).toBe('₱100');
  });
});
