import { renderToString } from 'react-dom/server';
import { createSessionStore, setServerSessions } from './create-session-store';
import { sessionCookieName } from './session-cookie';
import { sessionStore } from './session-store';
import { useSession } from './use-session';

/** A JWT whose payload expires `inSeconds` from now (the store reads only `exp`). */
function tokenExpiringIn(inSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `header.${payload}.signature`;
}

/** The cookie's value as the site's server reads it: base64url JSON of what storage holds. */
function mirrored(key: string): unknown {
  const pair = document.cookie.split('; ').find((each) => each.startsWith(`${sessionCookieName(key)}=`));
  if (!pair) return null;
  const value = pair.slice(pair.indexOf('=') + 1);
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const utf8 = Array.from(binary, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return JSON.parse(decodeURIComponent(utf8));
}

describe('the cookie a login is mirrored in, for the site’s server to draw signed-in pages', () => {
  afterEach(() => {
    sessionStore.signOut();
    localStorage.clear();
  });

  it('holds what storage holds from logging in, and is gone on logging out', () => {
    const token = tokenExpiringIn(3600);
    sessionStore.signIn({ token, user: { email: 'maria@example.com', first_name: 'María' } });
    expect(mirrored('user')).toEqual(JSON.parse(localStorage.getItem('user') as string));
    expect(mirrored('user')).toMatchObject({ token, name: 'María' });
    sessionStore.signOut();
    expect(mirrored('user')).toBeNull();
  });

  it('is not written for a login that has already expired', () => {
    sessionStore.signIn({ token: tokenExpiringIn(-10), user: { email: 'late@example.com' } });
    expect(mirrored('user')).toBeNull();
  });

  it('follows storage when a page starts: a login kept from before is mirrored, a lost one removed', () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('keptSession', JSON.stringify({ token, badge: 'B7' }));
    createSessionStore<{ token: string; badge: string }, { token: string; badge: string }>({ key: 'keptSession', toSession: (stored) => stored });
    expect(mirrored('keptSession')).toEqual({ token, badge: 'B7' });
    localStorage.removeItem('keptSession');
    createSessionStore<{ token: string }, { token: string }>({ key: 'keptSession', toSession: (stored) => stored });
    expect(mirrored('keptSession')).toBeNull();
  });
});

describe('a page drawn on the server for a signed-in visitor', () => {
  function Greeting() {
    const session = useSession();
    return <p>{session ? `Signed in as ${session.displayName}` : 'Please log in'}</p>;
  }

  afterEach(() => setServerSessions({}));

  it('reads the login it was sent with through useSession, and none once the drawing is over', () => {
    setServerSessions({ user: { token: tokenExpiringIn(3600), name: 'María', email: 'maria@example.com' } });
    expect(renderToString(<Greeting />)).toContain('Signed in as María');
    setServerSessions({});
    expect(renderToString(<Greeting />)).toContain('Please log in');
  });

  it('takes an expired login as none', () => {
    setServerSessions({ user: { token: tokenExpiringIn(-10), name: 'María' } });
    expect(renderToString(<Greeting />)).toContain('Please log in');
  });
});
