import { readJson, readString, refillTimerStorage, removeKey, storageKeys, writeJson, writeString } from './browser-storage';

describe('browser storage', () => {
  it("keeps the first version's key names", () => {
    expect(Object.values(storageKeys).sort()).toEqual(
      [
        'user',
        'pendingReservation',
        'refillTableCode',
        'refillTableNumber',
        'refillTableId',
        'refillStatus',
        'currentRefillId',
        'customerId',
        // Ours, not the first version's: a review being written while its author logs in.
        'feedbackDraft',
        'staffSession',
      ].sort(),
    );
  });

  it('reads back strings and JSON, and removes them', () => {
    writeString(storageKeys.refillTableCode, 'AB12CD');
    expect(readString(storageKeys.refillTableCode)).toBe('AB12CD');
    writeJson(storageKeys.pendingReservation, { table_id: 3 });
    expect(readJson(storageKeys.pendingReservation)).toEqual({ table_id: 3 });
    removeKey(storageKeys.pendingReservation);
    expect(readJson(storageKeys.pendingReservation)).toBeNull();
  });

  it('gives null for JSON that cannot be read instead of throwing', () => {
    window.localStorage.setItem('user', '{broken');
    expect(readJson(storageKeys.user)).toBeNull();
  });

  it('keeps the refill deadline and duration per table code', () => {
    refillTimerStorage.writeDeadline('T1', 1_000);
    refillTimerStorage.writeDuration('T1', 600);
    refillTimerStorage.writeDeadline('T2', 2_000);
    expect(refillTimerStorage.readDeadline('T1')).toBe(1_000);
    expect(refillTimerStorage.readDuration('T1')).toBe(600);
    refillTimerStorage.clear('T1');
    expect(refillTimerStorage.readDeadline('T1')).toBeNull();
    expect(refillTimerStorage.readDuration('T1')).toBeNull();
    expect(refillTimerStorage.readDeadline('T2')).toBe(2_000);
  });

  it('survives a storage that refuses writes', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeString(storageKeys.customerId, '4')).not.toThrow();
    setItem.mockRestore();
  });
});
