import * as z from 'zod/mini';

/** What a person is told when text holds characters that reorder what others see. */
export const TEXT_DIRECTION_MESSAGE = 'Remove the hidden text-direction characters';

// Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
// text display in another order than it is written ("\u202Egnp.exe" shows as "exe.png").
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
// Controls, format characters (zero-width and the like), separators and
// spaces, combining marks without a base, and the blank letters of Hangul and Braille.
const NOTHING_TO_SEE = /[\p{Cc}\p{Cf}\p{Z}\p{M}\u115F\u1160\u3164\uFFA0\u2800\s]/gu;

/** True when the text shows at least one character to a reader. */
const hasVisibleCharacter = (value: string) => value.replace(NOTHING_TO_SEE, '').length > 0;

/**
 * Checks for text that other people see (names, reviews, notes): no
 * text-direction controls, and, for required text, something visible,
 * else the field's required message.
 */
export function shownTextChecks(requiredMessage?: string): z.core.$ZodCheck<string>[] {
  return [
    ...(requiredMessage ? [z.refine<string>((value) => hasVisibleCharacter(value), requiredMessage)] : []),
    z.refine<string>((value) => !DIRECTION_CONTROLS.test(value), TEXT_DIRECTION_MESSAGE),
  ];
}
