/**
 * The table code's check (its zod schema) in a chunk of its own: imported by the page, zod was
 * downloaded and evaluated as /refilling started, before the diner could type (issue #37). The
 * page asks for it when the diner first reaches the form, and Continue waits for it if it is not
 * in yet.
 */
export function loadTableCodeCheck() {
  return import('@samgyup/shared/validation').then(({ tableCodeField }) => tableCodeField);
}
