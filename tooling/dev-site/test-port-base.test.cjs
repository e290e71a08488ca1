const { testPortBase } = require('./test-port-base.cjs');

describe('E2E_PORT_BASE', () => {
  it('is 3100 when not set, and the number given when it leaves room below the ephemeral ports', () => {
    expect(testPortBase(undefined)).toBe(3100);
    expect(testPortBase('')).toBe(3100);
    expect(testPortBase('5500')).toBe(5500);
  });

  it('is refused, saying what to set, when it is no port or would reach the ephemeral ports', () => {
    for (const value of ['abc', '3100.5', '80', '31700', '70000']) {
      expect(() => testPortBase(value)).toThrow(
        new RegExp(`^E2E_PORT_BASE=${value.replace('.', '\\.')} cannot be used: .*Set a whole number from 1024 to \\d+ \\(the default is 3100\\)\\.$`),
      );
    }
  });
});
