import { ApiError } from '../api/api-error';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { accountErrors, loginCustomer, loginErrorMessage, registerErrorMessage, resetErrorMessage } from './account-api';

describe('register error wording', () => {
  it('says invalid data for a 400 without a server message', () => {
    expect(registerErrorMessage(new ApiError(400, 'Bad Request'))).toBe('Invalid data. Please check all fields and try again.');
  });
  it('says network error when the server cannot be reached', () => {
    expect(registerErrorMessage(new ApiError(0, 'x', { kind: 'network' }))).toBe('Network error. Please check your connection and try again.');
  });
  it("shows the server's own message", () => {
    expect(registerErrorMessage(new ApiError(409, 'x', { serverMessage: 'An account with this email already exists.' }))).toBe('An account with this email already exists.');
  });
  it('says invalid data for a non-JSON 400 reply', () => {
    expect(registerErrorMessage(new ApiError(400, 'Server responded with status 400: <html>', { kind: 'invalid-response' }))).toBe(
      'Invalid data. Please check all fields and try again.',
    );
  });
  it('falls back to the status, then to the generic message', () => {
    expect(registerErrorMessage(new ApiError(500, ''))).toBe('Registration failed with status 500');
    expect(registerErrorMessage(new Error(''))).toBe('Registration failed. Please try again.');
  });
});

describe('login error wording', () => {
  it('sends an unknown email to sign up', () => {
    expect(loginErrorMessage(new ApiError(401, 'x', { serverMessage: 'Invalid email' }))).toBe('No account found with this email. Please sign up first.');
  });
  it('shows the server message or the generic credentials message for other 401s', () => {
    expect(loginErrorMessage(new ApiError(401, 'x', { serverMessage: 'Invalid email or password' }))).toBe('Invalid email or password');
    expect(loginErrorMessage(new ApiError(401, 'Unauthorized'))).toBe('Invalid email or password');
  });
  it('handles a non-JSON reply, other statuses, a missing token and network failures', () => {
    expect(loginErrorMessage(new ApiError(502, 'x', { kind: 'invalid-response' }))).toBe('Invalid server response');
    expect(loginErrorMessage(new ApiError(429, 'x', { serverMessage: 'Too many attempts. Try again in 15 minutes.' }))).toBe('Too many attempts. Try again in 15 minutes.');
    expect(loginErrorMessage(new ApiError(500, 'Internal Server Error'))).toBe('Login failed with status 500');
    expect(loginErrorMessage(new Error(accountErrors.loginBadFormat))).toBe('Invalid response format from server');
    expect(loginErrorMessage(new ApiError(0, 'x', { kind: 'network' }))).toBe('Failed to login. Please try again.');
  });
});

describe('reset error wording', () => {
  it('uses the server message, the fallback, or the network message', () => {
    expect(resetErrorMessage(new ApiError(400, 'x', { serverMessage: 'That code has expired.' }))).toBe('That code has expired.');
    expect(resetErrorMessage(new ApiError(500, 'Internal'))).toBe('Failed to reset password');
    expect(resetErrorMessage(new ApiError(0, 'x', { kind: 'network' }))).toBe('Network error. Please try again.');
  });
});

describe('loginCustomer', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  });
  afterEach(() => sessionStore.signOut());

  it('starts the session from data.token and data.user, sending cookies', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: { token: 'tok', user: { id: 1, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } } })));
    global.fetch = fetchMock;
    const session = await loginCustomer('ana@example.com', 'secret1', 'captcha-payload');
    expect(session.displayName).toBe('Ana Cruz');
    expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ email: 'ana@example.com', password: 'secret1', captcha: 'captcha-payload' });
  });

  it('refuses a reply without a token', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify({ success: true, data: {} })));
    await expect(loginCustomer('a@example.com', 'x', 'c')).rejects.toThrow('Invalid response format from server');
    expect(sessionStore.getSession()).toBeNull();
  });
});
