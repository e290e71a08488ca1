import { isApiError } from '@samgyup/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queuedRefills, sendQueuedRefill, type QueuedRefill } from './refill-outbox';

/** How often a phone with requests waiting tries again, besides when the browser says it is back online. */
export const OUTBOX_RETRY_MS = 10_000;

/**
 * The table's refill requests still on the phone, sent as soon as the
 * connection is back (the `online` event, and a try every few seconds).
 * `onSent` gets each request's id once the server has it; `onRefused` the
 * error of one the server turned down (it is off the phone then).
 */
export function useRefillOutbox(tableCode: string, { onSent, onRefused }: { onSent: (id: number) => void; onRefused: (error: unknown) => void }) {
  const [queued, setQueued] = useState<QueuedRefill[]>(() => queuedRefills(tableCode));
  const sending = useRef(false);
  const handlers = useRef({ onSent, onRefused });
  handlers.current = { onSent, onRefused };

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (const refill of queuedRefills(tableCode)) {
        try {
          handlers.current.onSent(await sendQueuedRefill(refill));
        } catch (error) {
          if (isApiError(error) && error.isNetworkError) break;
          handlers.current.onRefused(error);
        }
      }
    } finally {
      sending.current = false;
      setQueued(queuedRefills(tableCode));
    }
  }, [tableCode]);

  useEffect(() => {
    void flush();
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (queuedRefills(tableCode).length > 0) retry();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [flush, tableCode]);

  return { queued, refresh: () => setQueued(queuedRefills(tableCode)) };
}
