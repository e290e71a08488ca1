import { apiRequest } from '../api/api-client';
import { ApiError, isApiError } from '../api/api-error';
import { sessionStore, type Session, type SessionUserProfile } from '../session/session-store';
import type { RegisterPayload, ResetPasswordPayload } from '../validation/account-schemas';

/**
 * The customer account calls, shared by the shell's pages and the reservation
 * flow's own sign-up, login and reset pages, with the first version's error wording.
 */
export const accountErrors = {
  registerInvalid: 'Invalid data. Please check all fields and try again.',
  registerNetwork: 'Network error. Please check your connection and try again.',
  registerFallback: 'Registration failed. Please try again.',
  registerSuccess: 'Registration successful! Please login to continue.',
  loginInvalidResponse: 'Invalid server response',
  loginNoAccount: 'No account found with this email. Please sign up first.',
  loginInvalidCredentials: 'Invalid email or password',
  loginBadFormat: 'Invalid response format from server',
  loginFallback: 'Failed to login. Please try again.',
  resetFallback: 'Failed to reset password',
  resetNetwork: 'Network error. Please try again.',
} as const;

function serverOr(error: ApiError, fallback: string): string {
  return error.serverMessage ?? fallback;
}

/** Spec, Register: the underlying message, then what the person is shown. */
export function registerErrorMessage(error: unknown): string {
  let underlying: string;
  if (isApiError(error)) {
    if (error.isNetworkError) underlying = 'network error';
    else if (error.kind === 'invalid-response') underlying = error.message;
    else underlying = error.serverMessage ?? `Registration failed with status ${error.status}`;
  } else {
    underlying = error instanceof Error ? error.message : '';
  }
  if (underlying.includes('400')) return accountErrors.registerInvalid;
  if (/network/i.test(underlying)) return accountErrors.registerNetwork;
  return underlying || accountErrors.registerFallback;
}

/** Spec, Login. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error && error.message === accountErrors.loginBadFormat ? accountErrors.loginBadFormat : accountErrors.loginFallback;
  }
  if (error.kind === 'invalid-response') return accountErrors.loginInvalidResponse;
  if (error.isNetworkError) return accountErrors.loginFallback;
  if (error.status === 401) {
    if (error.serverMessage && /invalid email/i.test(error.serverMessage) && !/password/i.test(error.serverMessage)) {
      return accountErrors.loginNoAccount;
    }
    return serverOr(error, accountErrors.loginInvalidCredentials);
  }
  return serverOr(error, `Login failed with status ${error.status}`);
}

/** Spec, Reset password. */
export function resetErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return accountErrors.resetNetwork;
    return serverOr(error, accountErrors.resetFallback);
  }
  return accountErrors.resetFallback;
}

export async function registerCustomer(payload: RegisterPayload, captcha: string): Promise<{ message?: string }> {
  return apiRequest('/api/customers/register', {
    method: 'POST',
    body: { ...payload, captcha },
    credentials: true,
  });
}

interface LoginResponse {
  success?: boolean;
  message?: string;
  data?: { token?: string; user?: SessionUserProfile } & Partial<SessionUserProfile>;
}

/** Logs in and starts the page's session. Throws; map with loginErrorMessage. */
export async function loginCustomer(email: string, password: string, captcha: string): Promise<Session> {
  const response = await apiRequest<LoginResponse>('/api/customers/login', {
    method: 'POST',
    body: { email, password, captcha },
    credentials: true,
  });
  const data = response?.data;
  if (!data || typeof data.token !== 'string' || !data.token) throw new Error(accountErrors.loginBadFormat);
  return sessionStore.signIn({ ...data, token: data.token });
}

/** Step 1 of a reset: the API mails a one-time code if the account exists. */
export async function requestResetCode(email: string, captcha: string): Promise<{ message?: string }> {
  return apiRequest('/api/customers/reset-password/request', { method: 'POST', body: { email, captcha } });
}

export async function resetPassword(payload: ResetPasswordPayload): Promise<{ success?: boolean; message?: string }> {
  return apiRequest('/api/customers/reset-password', { method: 'POST', body: payload });
}
