/** What a test waits for: named in the error when it does not come (a function is worded then, with what it knows by that time). */
export interface WaitOptions {
  what: string | (() => string);
  timeoutMs?: number;
  intervalMs?: number;
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

/**
 * Asks `read` again until its answer is truthy (or `done` holds for it) and answers that: how a test waits for
 * what a job, another replica or a process does on its own time (a mail in the outbox, a job finished, a
 * listener back) rather than for a fixed time. After `timeoutMs` it throws, naming what it waited for and the
 * last answer; an error `read` throws ends the wait at once.
 */
export function waitUntil<T>(read: () => T | Promise<T>, options: WaitOptions & { done: (value: T) => boolean }): Promise<T>;
export function waitUntil<T>(read: () => T | Promise<T>, options: WaitOptions): Promise<Truthy<T>>;
export async function waitUntil<T>(
  read: () => T | Promise<T>,
  { what, timeoutMs = 15_000, intervalMs = 50, done = Boolean }: WaitOptions & { done?: (value: T) => boolean },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      const last = JSON.stringify(value) ?? String(value);
      throw new Error(`Waited ${timeoutMs / 1000} s for ${typeof what === 'function' ? what() : what}; the last answer: ${last.length > 500 ? `${last.slice(0, 500)}…` : last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
