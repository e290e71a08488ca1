import { refillStorageKeys, refillTimerStorage } from './refill-storage';

describe('refill storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps the keys the refill pages have always used', () => {
    expect(Object.values(refillStorageKeys)).toEqual(['refillTableCode', 'refillTableNumber', 'refillTableId', 'refillStatus', 'currentRefillId']);
  });

  it('keeps a timer per table code, under refillDeadline:<code> and refillDuration:<code>', () => {
    refillTimerStorage.writeDeadline('T1', 1_000);
    refillTimerStorage.writeDuration('T1', 600);
    refillTimerStorage.writeDeadline('T2', 2_000);
    expect(localStorage.getItem('refillDeadline:T1')).toBe('1000');
    expect(localStorage.getItem('refillDuration:T1')).toBe('600');
    expect(refillTimerStorage.readDeadline('T1')).toBe(1_000);
    expect(refillTimerStorage.readDuration('T1')).toBe(600);
    refillTimerStorage.clear('T1');
    expect(refillTimerStorage.readDeadline('T1')).toBeNull();
    expect(refillTimerStorage.readDuration('T1')).toBeNull();
    expect(refillTimerStorage.readDeadline('T2')).toBe(2_000);
  });

  it('reads a value that is not a number as none', () => {
    localStorage.setItem('refillDeadline:T1', 'soon');
    expect(refillTimerStorage.readDeadline('T1')).toBeNull();
  });
});
