import { applyServerTimer, formatCountdown, secondsLeft, shouldPulse, startDiningTimer } from './dining-timer';
import { refillTimerStorage } from '../storage/refill-storage';

const NOW = 1_800_000_000_000;

beforeEach(() => localStorage.clear());

describe('starting the dining timer', () => {
  it('resumes a stored deadline for this table code while it is still in the future', () => {
    refillTimerStorage.writeDeadline('AB12CD', NOW + 600_000);
    refillTimerStorage.writeDuration('AB12CD', 5400);
    expect(startDiningTimer('AB12CD', '30', NOW)).toEqual({ deadline: NOW + 600_000, durationSec: 5400 });
  });

  it("ignores another table's deadline", () => {
    refillTimerStorage.writeDeadline('OTHER1', NOW + 600_000);
    expect(startDiningTimer('AB12CD', null, NOW).deadline).toBe(NOW + 5400 * 1000);
  });

  it('starts anew from the minutes parameter when the stored deadline has passed, and stores it', () => {
    refillTimerStorage.writeDeadline('AB12CD', NOW - 1);
    const timer = startDiningTimer('AB12CD', '30', NOW);
    expect(timer).toEqual({ deadline: NOW + 1_800_000, durationSec: 1800 });
    expect(refillTimerStorage.readDeadline('AB12CD')).toBe(NOW + 1_800_000);
    expect(refillTimerStorage.readDuration('AB12CD')).toBe(1800);
  });

  it('never starts from the minutes parameter with less than 60 seconds', () => {
    expect(startDiningTimer('AB12CD', '0.1', NOW).durationSec).toBe(60);
  });

  it('falls back to the stored duration, then to 5400 seconds', () => {
    refillTimerStorage.writeDuration('AB12CD', 1200);
    expect(startDiningTimer('AB12CD', 'soon', NOW).durationSec).toBe(1200);
    localStorage.clear();
    expect(startDiningTimer('AB12CD', null, NOW).durationSec).toBe(5400);
  });
});

describe('the server timer', () => {
  const local = { deadline: NOW + 5400 * 1000, durationSec: 5400 };

  it('overrides the local timer when it has seconds left', () => {
    const timer = applyServerTimer('AB12CD', local, { remainingSec: 120, durationSec: 5400 }, NOW);
    expect(timer.deadline).toBe(NOW + 120_000);
    expect(refillTimerStorage.readDeadline('AB12CD')).toBe(NOW + 120_000);
  });

  it('ends the local timer when it says the time is up', () => {
    expect(applyServerTimer('AB12CD', local, { remainingSec: 0, durationSec: 5400 }, NOW)).toEqual({ deadline: NOW, durationSec: 5400 });
  });

  it('is ignored when it did not answer or answered nonsense', () => {
    expect(applyServerTimer('AB12CD', local, { remainingSec: null }, NOW)).toBe(local);
    expect(applyServerTimer('AB12CD', local, { remainingSec: 'x' }, NOW)).toBe(local);
    expect(applyServerTimer('AB12CD', local, null, NOW)).toBe(local);
  });
});

describe('showing the countdown', () => {
  it('computes whole seconds from the deadline, never below 0', () => {
    expect(secondsLeft(NOW + 1500, NOW)).toBe(2);
    expect(secondsLeft(NOW - 5000, NOW)).toBe(0);
  });

  it('reads HH:MM:SS', () => {
    expect(formatCountdown(5400)).toBe('01:30:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3661)).toBe('01:01:01');
  });

  it('pulses at 60 seconds or less', () => {
    expect(shouldPulse(61)).toBe(false);
    expect(shouldPulse(60)).toBe(true);
    expect(shouldPulse(0)).toBe(true);
  });
});
