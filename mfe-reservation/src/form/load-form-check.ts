/**
 * The form's check (its zod schemas) in a chunk of its own: building the schemas was one
 * task of about 660 ms as /reservation-form started on a 4×-slowed phone (issue #37). The
 * page asks for it once it is idle, and sending the form waits for it if it is not in yet.
 */
export function loadFormCheck() {
  return import('@samgyup/shared/validation').then(
    ({ reservationFormSchema, validate }) =>
      (values: unknown) =>
        validate(reservationFormSchema, values),
  );
}

export type FormCheckResult = ReturnType<Awaited<ReturnType<typeof loadFormCheck>>>;

/** Runs `work` when the browser has nothing else to do (at the latest after `timeoutMs`). */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}
