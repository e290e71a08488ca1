import { REFILL_DEFAULT_SECONDS } from '@samgyup/shared/constants';
import { REFILL_MIN_OVERRIDE_SECONDS, REFILL_PULSE_AT_SECONDS } from './dining-timer-pace';
import { refillTimerStorage } from '../storage/refill-storage';

export interface DiningTimer {
  /** When time is up, in epoch milliseconds. */
  deadline: number;
  durationSec: number;
}

/**
 * The spec's start rule: resume this table's stored deadline while it is in the
 * future; otherwise start anew from the `minutes` parameter (at least 60 s),
 * else the stored duration, else 5400 s. The new deadline is stored.
 */
export function startDiningTimer(tableCode: string, minutesParam: string | null, now: number): DiningTimer {
  const storedDeadline = refillTimerStorage.readDeadline(tableCode);
  const storedDuration = refillTimerStorage.readDuration(tableCode);
  if (storedDeadline !== null && storedDeadline > now) {
    return { deadline: storedDeadline, durationSec: storedDuration ?? Math.ceil((storedDeadline - now) / 1000) };
  }
  const minutes = minutesParam === null || minutesParam.trim() === '' ? NaN : Number(minutesParam);
  const durationSec =
    Number.isFinite(minutes) && minutes > 0
      ? Math.max(REFILL_MIN_OVERRIDE_SECONDS, Math.round(minutes * 60))
      : storedDuration !== null && storedDuration > 0
        ? storedDuration
        : REFILL_DEFAULT_SECONDS;
  return saveDiningTimer(tableCode, { deadline: now + durationSec * 1000, durationSec });
}

/**
 * A server timer with time left wins over the local one (spec), and so does its
 * word that the time is up: a local timer started anew (its stored one cleared
 * at the end) must not give a finished table more time. Otherwise the local one stays.
 */
export function applyServerTimer(tableCode: string, local: DiningTimer, server: { remainingSec?: unknown; durationSec?: unknown } | null, now: number): DiningTimer {
  if (typeof server?.remainingSec === 'number' && server.remainingSec <= 0) return { deadline: now, durationSec: local.durationSec };
  const remaining = Number(server?.remainingSec);
  if (!Number.isFinite(remaining) || remaining <= 0) return local;
  const duration = Number(server?.durationSec);
  return saveDiningTimer(tableCode, {
    deadline: now + remaining * 1000,
    durationSec: Number.isFinite(duration) && duration > 0 ? duration : local.durationSec,
  });
}

function saveDiningTimer(tableCode: string, timer: DiningTimer): DiningTimer {
  refillTimerStorage.writeDeadline(tableCode, timer.deadline);
  refillTimerStorage.writeDuration(tableCode, timer.durationSec);
  return timer;
}

/** Whole seconds left, computed from the deadline so a sleeping phone never drifts. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** HH:MM:SS. */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

export function shouldPulse(seconds: number): boolean {
  return seconds <= REFILL_PULSE_AT_SECONDS;
}
