import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

jest.mock('../captcha/solve-captcha', () => ({ solveCaptcha: jest.fn().mockResolvedValue('captcha-payload') }));

type Reply = { status: number; body: unknown };
function replyWith(...replies: Reply[]) {
  const fetchMock = jest.fn();
  for (const reply of replies) {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(reply.body), { status: reply.status }));
  }
  global.fetch = fetchMock;
  return fetchMock;
}

const inRouter = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  window.scrollTo = jest.fn();
});
afterEach(() => sessionStore.signOut());

async function tickCaptcha(user: ReturnType<typeof userEvent.setup>, name = /I'm not a robot/) {
  await user.click(screen.getByRole('checkbox', { name }));
  await screen.findByText('Verified');
}

describe('LoginForm', () => {
  it('shows every missing field and the captcha message', async () => {
    const user = userEvent.setup();
    inRouter(<LoginForm title="Log in" forgotPasswordTo="/reset-password" registerTo="/register" onLoggedIn={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please complete the CAPTCHA')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('logs in, stores the session and reports it', async () => {
    const user = userEvent.setup();
    const onLoggedIn = jest.fn();
    replyWith({ status: 200, body: { data: { token: 'tok', user: { id: 1, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } } } });
    inRouter(<LoginForm title="Log in" forgotPasswordTo="/r" registerTo="/g" onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(sessionStore.getSession()?.displayName).toBe('Ana Cruz');
  });

  it('shows a refused login in a banner at the top and asks for the captcha again', async () => {
    const user = userEvent.setup();
    replyWith({ status: 401, body: { success: false, message: 'Invalid email: no account found with this email.' } });
    inRouter(<LoginForm title="Log in" forgotPasswordTo="/r" registerTo="/g" onLoggedIn={jest.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account found with this email. Please sign up first.');
    expect(window.scrollTo).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /I'm not a robot/ })).not.toBeChecked());
  });
});

describe('RegisterForm', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('First name'), ' Ana ');
    await user.type(screen.getByLabelText('Last name'), 'Cruz');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), ' secret1');
  };

  it('uses the /register captcha message and the /signup terms message', async () => {
    const user = userEvent.setup();
    const { unmount } = inRouter(<RegisterForm title="Register" variant="register" loginTo="/login" onRegistered={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Captcha is required')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    unmount();
    inRouter(<RegisterForm title="Sign up" variant="signup" loginTo="/loginReservation" onRegistered={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
  });

  it('checks email, password length and phone characters', async () => {
    const user = userEvent.setup();
    inRouter(<RegisterForm title="Register" variant="register" loginTo="/login" onRegistered={jest.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.c');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
  });

  it('sends trimmed values (not the password), alerts success, clears the form and moves on', async () => {
    const user = userEvent.setup();
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onRegistered = jest.fn();
    const fetchMock = replyWith({ status: 201, body: { success: true } });
    inRouter(<RegisterForm title="Register" variant="register" loginTo="/login" onRegistered={onRegistered} />);
    await fill(user);
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(alert).toHaveBeenCalledWith('Registration successful! Please login to continue.');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      first_name: 'Ana',
      last_name: 'Cruz',
      email: 'ana@example.com',
      password: ' secret1',
      phone: null,
      address: null,
      captcha: 'captcha-payload',
    });
    expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it("shows the server's reason when registration is refused", async () => {
    const user = userEvent.setup();
    replyWith({ status: 409, body: { success: false, message: 'An account with this email already exists. Please log in instead.' } });
    inRouter(<RegisterForm title="Register" variant="register" loginTo="/login" onRegistered={jest.fn()} />);
    await fill(user);
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists. Please log in instead.');
    expect(screen.getByLabelText('First name')).toHaveValue(' Ana ');
  });
});

describe('ResetPasswordForm', () => {
  it('asks for the email, then the code and the new password twice', async () => {
    const user = userEvent.setup();
    const onReset = jest.fn();
    const fetchMock = replyWith({ status: 200, body: { success: true } }, { status: 200, body: { success: true } });
    inRouter(<ResetPasswordForm title="Reset" variant="customer" onReset={onReset} />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByLabelText('Code from your email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Enter the 6-digit code from your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please retype your new password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from your email'), '123456');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'def');
    await user.type(screen.getByLabelText('Retype password'), 'abcdeX');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Retype password'));
    await user.type(screen.getByLabelText('Retype password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onReset).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ email: 'ana@example.com', code: '123456', newPassword: 'abcdef' });
  });

  it('words the reservation variant as the first version does and shows network failures', async () => {
    const user = userEvent.setup();
    replyWith({ status: 200, body: { success: true } });
    inRouter(<ResetPasswordForm title="Reset" variant="reservation" onReset={jest.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await tickCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code from your email');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();

    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await user.type(screen.getByLabelText('Code from your email'), '123456');
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    await user.type(screen.getByLabelText('Retype password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});
