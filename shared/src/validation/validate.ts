import * as z from 'zod/mini';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Runs a schema and returns either the parsed value or the first message for
 * each field, so a form can show every problem at once next to its field.
 */
export function validate<S extends z.ZodMiniType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<z.input<S>> } {
  const result = z.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<z.input<S>> };
}

/** The first message of a failed parse, for APIs that answer with one sentence. */
export function firstMessage(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Invalid data. Please check all fields and try again.';
}
