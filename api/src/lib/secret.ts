import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * A setting that must never be printed: logging, serialising or inspecting it
 * (a config dump, an error's context, JSON.stringify) shows `[redacted]`; only
 * `reveal()` gives the value, at the one place that sends it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
