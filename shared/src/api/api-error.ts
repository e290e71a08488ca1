export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/**
 * The one error every API call throws. `status` is the HTTP status, or 0 when
 * no answer arrived (network failure, CORS refusal, timeout). Features map it
 * to the exact words the first version wants for their screen.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's own `message` (or `error`) field, when it sent one. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, options: { kind?: ApiErrorKind; serverMessage?: string | null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = options.kind ?? (status === 0 ? 'network' : 'http');
    this.serverMessage = options.serverMessage ?? null;
  }

  get isNetworkError(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
