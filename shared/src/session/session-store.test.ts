import { displayNameOf, sessionStore } from './session-store';

function jwtExpiringAt(epochSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '1', exp: epochSeconds })}.signature`;
}

describe('session store', () => {
  afterEach(() => sessionStore.signOut());

  it('builds the display name from first and last name, else the email', () => {
    expect(displayNameOf({ first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' })).toBe('Ana Cruz');
    expect(displayNameOf({ first_name: '', last_name: 'Cruz', email: 'ana@example.com' })).toBe('ana@example.com');
  });

  it('stores the login data plus a display name under the user key', () => {
    const token = jwtExpiringAt(Date.now() / 1000 + 3600);
    sessionStore.signIn({ token, user: { id: 7, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } });
    expect(JSON.parse(window.localStorage.getItem('user') as string)).toEqual({
      token,
      user: { id: 7, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' },
      name: 'Ana Cruz',
    });
    expect(sessionStore.getSession()).toEqual({
      token,
      user: { id: 7, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' },
      displayName: 'Ana Cruz',
    });
    expect(sessionStore.getToken()).toBe(token);
  });

  it('accepts login data whose user fields sit on data itself', () => {
    sessionStore.signIn({ token: 'opaque', first_name: 'Ben', last_name: 'Reyes', email: 'ben@example.com' });
    expect(sessionStore.getSession()?.displayName).toBe('Ben Reyes');
  });

  it('returns the same snapshot object until something changes', () => {
    sessionStore.signIn({ token: 'opaque', user: { email: 'x@example.com' } });
    expect(sessionStore.getSession()).toBe(sessionStore.getSession());
  });

  it('treats an expired token as logged out', () => {
    sessionStore.signIn({ token: jwtExpiringAt(Date.now() / 1000 - 10), user: { email: 'x@example.com' } });
    expect(sessionStore.getSession()).toBeNull();
  });

  it('tells subscribers about sign-in and sign-out, and why a session ended', () => {
    const listener = jest.fn();
    const ended = jest.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const stopEnd = sessionStore.onSessionEnd(ended);
    sessionStore.signIn({ token: 'opaque', user: { email: 'x@example.com' } });
    sessionStore.signOut('expired');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(ended).toHaveBeenCalledWith('expired');
    unsubscribe();
    stopEnd();
  });

  it('hears sign-outs made in another tab', () => {
    sessionStore.signIn({ token: 'opaque', user: { email: 'x@example.com' } });
    const listener = jest.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    window.localStorage.removeItem('user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(listener).toHaveBeenCalled();
    expect(sessionStore.getSession()).toBeNull();
    unsubscribe();
  });
});
