import { refillStorageKeys, refillTimerStorage } from './refill-storage';

describe('refill storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps the keys the refill pages have always used', () => {
    expect(Object.values(refillStorageKeys)).toEqual(['refillTableCode', 'refillTableNumber', 'refillTableId', 'refillStatus', 'currentRefillId', 'refillOutbox']);
  });

  it('keeps a timer per table code, under refillDeadline:<code> and refillDuration:<code>', () => {
    refillTimerStorage.writeDeadline('K7M2QD', 1_700_000_000_000);
    refillTimerStorage.writeDuration('K7M2QD', 5400);
    refillTimerStorage.writeDeadline('AB12CD', 5);
    const stored = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
    expect(stored).toEqual({ 'refillDeadline:K7M2QD': '1700000000000', 'refillDuration:K7M2QD': '5400', 'refillDeadline:AB12CD': '5' });
    expect([refillTimerStorage.readDeadline('K7M2QD'), refillTimerStorage.readDuration('K7M2QD')]).toEqual([1_700_000_000_000, 5400]);
    refillTimerStorage.clear('K7M2QD');
    expect([refillTimerStorage.readDeadline('K7M2QD'), refillTimerStorage.readDuration('K7M2QD'), refillTimerStorage.readDeadline('AB12CD')]).toEqual([null, null, 5]);
  });

  it('reads a value that is not a number as none', () => {
    localStorage.setItem('refillDeadline:T1', 'soon');
    expect(refillTimerStorage.readDeadline('T1')).toBeNull();
  });
});
