import { REFILL_COMPLETION_REDIRECT_MS, REFILL_INITIAL_DISPLAY, REFILL_TICK_MS } from './dining-timer-pace';
import { useEffect, useRef, useState } from 'react';
import { applyServerTimer, formatCountdown, secondsLeft, shouldPulse, startDiningTimer } from './dining-timer';
import { getServerTimer } from './get-server-timer';

export interface DiningTimerView {
  /** '20:00' until the timer is known, then HH:MM:SS. */
  display: string;
  pulsing: boolean;
  completed: boolean;
}

/**
 * Runs the table's countdown: starts it by the first version's rules, lets the server's
 * clock override it, ticks every second from the deadline (also when the page
 * comes back from the background), and calls `onTimeUp` once at 0, then
 * `onAfterTimeUp` one second later.
 */
export function useDiningTimer(tableCode: string | null, minutesParam: string | null, handlers: { onTimeUp: () => void; onAfterTimeUp: () => void }): DiningTimerView {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const finished = useRef(false);

  useEffect(() => {
    if (!tableCode) return;
    const controller = new AbortController();
    const local = startDiningTimer(tableCode, minutesParam, Date.now());
    setDeadline(local.deadline);
    setNow(Date.now());
    void getServerTimer(tableCode, controller.signal).then((server) => {
      if (controller.signal.aborted) return;
      const at = Date.now();
      setDeadline(applyServerTimer(tableCode, local, server, at).deadline);
      setNow(at);
    });
    return () => controller.abort();
  }, [tableCode, minutesParam]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, REFILL_TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [deadline]);

  const left = deadline === null ? null : secondsLeft(deadline, now);
  const completed = left === 0;

  useEffect(() => {
    if (!completed) return;
    if (!finished.current) {
      finished.current = true;
      handlersRef.current.onTimeUp();
    }
    const redirect = setTimeout(() => handlersRef.current.onAfterTimeUp(), REFILL_COMPLETION_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [completed]);

  return {
    display: left === null ? REFILL_INITIAL_DISPLAY : formatCountdown(left),
    pulsing: left !== null && shouldPulse(left),
    completed,
  };
}
