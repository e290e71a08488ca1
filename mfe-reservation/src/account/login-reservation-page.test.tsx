import { sessionStore } from '@samgyup/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, reply, renderAt, setUpApi } from '../test/reservation-test-kit';
import { DRAFT_STORAGE_KEY } from '../draft/reservation-draft';
import { LoginReservationPage } from './login-reservation-page';

jest.mock('../../../shared/src/captcha/solve-captcha', () => ({ solveCaptcha: jest.fn().mockResolvedValue('captcha-payload') }));

beforeEach(() => {
  setUpApi();
  fakeApi({
    'POST /api/customers/login': () => reply(200, { data: { token: 'tok', user: { id: 4, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } } }),
  });
});
afterEach(() => sessionStore.signOut());

async function logInWithForm() {
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret123');
  await userEvent.click(screen.getByRole('checkbox', { name: /I'm not a robot/ }));
  await screen.findByText('Verified');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const renderPage = () => renderAt('/login-reservation', '/login-reservation', LoginReservationPage, ['/reservation', '/reservation-date']);

describe('/login-reservation', () => {
  it('links Forgot Password to /reset-reservation and sign up to /signup', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/reset-reservation');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('goes on to /reservation-date after login', async () => {
    const router = renderPage();
    await logInWithForm();
    expect(await screen.findByText('/reservation-date page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reservation-date');
  });

  it('restores a kept pendingReservation and goes to /reservation with it', async () => {
    const kept = { reservation_date: '2026-12-05', idempotency_key: 'kept-key-123456', table_number: 3 };
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(kept));
    const router = renderPage();
    await logInWithForm();
    expect(await screen.findByText('/reservation page')).toBeInTheDocument();
    expect((router.state.location.state as { pendingReservation: unknown }).pendingReservation).toEqual(kept);
  });
});
