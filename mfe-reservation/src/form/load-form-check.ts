/**
 * The form's check (its zod schemas) in a chunk of its own: building the schemas was one
 * task of about 660 ms as /reservation-form started on a 4×-slowed phone (issue #37). The
 * page asks for it when the diner first reaches a field (loaded when the page is idle, it
 * still ran inside the page's start as Lighthouse measures it), and sending the form waits
 * for it if it is not in yet.
 */
export function loadFormCheck() {
  return import('@samgyup/shared/validation').then(
    ({ reservationFormSchema, validate }) =>
      (values: unknown) =>
        validate(reservationFormSchema, values),
  );
}

export type FormCheckResult = ReturnType<Awaited<ReturnType<typeof loadFormCheck>>>;
