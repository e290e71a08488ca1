import { formatCentavos, formatPesos } from './format-pesos';

describe('formatPesos', () => {
  it('shows whole pesos with the peso sign and no decimals', () => {
    expect(formatPesos(199)).toBe('₱199');
    expect(formatPesos(75)).toBe('₱75');
    expect(formatPesos(1250)).toBe('₱1,250');
    expect(formatPesos(99.6)).toBe('₱100');
  });
});

describe('formatCentavos', () => {
  it('writes centavo amounts as the pesos pages write them, with centavos only when there are some', () => {
    expect(formatCentavos(10_000)).toBe('₱100');
    expect(formatCentavos(100_000)).toBe('₱1,000');
    expect(formatCentavos(10_050)).toBe('₱100.50');
    expect(formatCentavos(123_456_705)).toBe('₱1,234,567.05');
    expect(formatCentavos(-5_000)).toBe('₱-50');
  });
});
