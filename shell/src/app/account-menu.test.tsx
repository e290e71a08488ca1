import { sessionStore } from '@samgyup/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionExpiryRedirect } from '../account/session-expiry-redirect';
import { renderAt } from '../test/render-with-router';
import { AccountMenu } from './account-menu';

describe('AccountMenu', () => {
  afterEach(() => sessionStore.signOut());

  it('offers Log in, bringing the visitor back to the page they were on', () => {
    renderAt(<AccountMenu />, '/promos?x=1');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fpromos%3Fx%3D1');
  });

  it('offers Log in from the home page as drawn for `/`, whatever the query of the link that opened it', () => {
    renderAt(<AccountMenu />, '/?utm_source=chat');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows who is logged in and logs out', async () => {
    sessionStore.signIn({ token: 'tok', user: { first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } });
    renderAt(<AccountMenu />);
    expect(screen.getByText('Ana Cruz')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('sends the visitor to log in and back when the API refuses the session', () => {
    sessionStore.signIn({ token: 'tok', user: { email: 'ana@example.com' } });
    const { router } = renderAt(<SessionExpiryRedirect />, '/feedback-form');
    act(() => sessionStore.signOut('expired'));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Ffeedback-form');
  });
});
