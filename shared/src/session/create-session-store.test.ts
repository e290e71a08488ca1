import { createSessionStore } from './create-session-store';
import { sessionStore } from './session-store';

interface Badge {
  token: string;
  badge: string;
}

const badges = createSessionStore<Badge, Badge>({ key: 'badgeSession', toSession: (stored) => (stored.badge ? stored : null) });

describe('a second session store', () => {
  afterEach(() => {
    badges.signOut();
    sessionStore.signOut();
  });

  it('keeps its login under its own key, apart from the customer session', () => {
    badges.signIn({ token: 't-1', badge: 'B7' });
    expect(JSON.parse(localStorage.getItem('badgeSession') as string)).toEqual({ token: 't-1', badge: 'B7' });
    expect(badges.getSession()).toEqual({ token: 't-1', badge: 'B7' });
    expect(sessionStore.getSession()).toBeNull();
    sessionStore.signIn({ token: 'opaque', user: { email: 'x@example.com' } });
    badges.signOut();
    expect(sessionStore.getToken()).toBe('opaque');
  });

  it('takes what its reader refuses as no login', () => {
    localStorage.setItem('badgeSession', JSON.stringify({ token: 't-1' }));
    expect(badges.getSession()).toBeNull();
  });

  it('tells only its own subscribers, including about changes made in another tab', () => {
    const mine = jest.fn();
    const customers = jest.fn();
    const stop = [badges.subscribe(mine), sessionStore.subscribe(customers)];
    badges.signIn({ token: 't-1', badge: 'B7' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'badgeSession' }));
    expect(mine).toHaveBeenCalledTimes(2);
    expect(customers).not.toHaveBeenCalled();
    stop.forEach((unsubscribe) => unsubscribe());
  });
});
