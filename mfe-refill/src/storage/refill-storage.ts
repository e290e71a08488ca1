import { readString, removeKey, writeString } from '@samgyup/shared';

/** The refill pages' browser-storage keys: the table a diner is seated at and their last request. */
export const refillStorageKeys = {
  refillTableCode: 'refillTableCode',
  refillTableNumber: 'refillTableNumber',
  refillTableId: 'refillTableId',
  refillStatus: 'refillStatus',
  currentRefillId: 'currentRefillId',
  /** Refill requests made while the phone could not reach us, sent when it can. */
  refillOutbox: 'refillOutbox',
} as const;

const timerKeys = (tableCode: string) => ({ deadline: `refillDeadline:${tableCode}`, duration: `refillDuration:${tableCode}` });

function readNumber(key: string): number | null {
  const value = Number(readString(key) ?? Number.NaN);
  return Number.isFinite(value) ? value : null;
}

/** The dining timer of a table (its deadline and length), kept per table code so another table's code starts afresh. */
export const refillTimerStorage = {
  readDeadline: (tableCode: string) => readNumber(timerKeys(tableCode).deadline),
  writeDeadline: (tableCode: string, epochMs: number) => writeString(timerKeys(tableCode).deadline, String(epochMs)),
  readDuration: (tableCode: string) => readNumber(timerKeys(tableCode).duration),
  writeDuration: (tableCode: string, seconds: number) => writeString(timerKeys(tableCode).duration, String(seconds)),
  clear(tableCode: string): void {
    const keys = timerKeys(tableCode);
    removeKey(keys.deadline);
    removeKey(keys.duration);
  },
};
