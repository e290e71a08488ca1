import { useState, type FormEvent } from 'react';
// Through the package, not a relative path: this folder is bundled into each page
// that uses it, while session, API client and router must be the page's one shared copy.
import { Link, loginCustomer, loginErrorMessage } from '@samgyup/shared';
import { CaptchaCheckbox } from '../captcha/captcha-checkbox';
import type { Session } from '@samgyup/shared';
import { accountMessages, loginSchema } from '../validation/account-schemas';
import { validate, type FieldErrors } from '../validation/validate';
import { FormBanner } from './form-banner';
import { FormField, PasswordField } from './form-field';
import './account-forms.css';

interface LoginFormProps {
  title: string;
  forgotPasswordTo: string;
  registerTo: string;
  registerLabel?: string;
  onLoggedIn: (session: Session) => void;
}

type LoginFields = { email: string; password: string; captcha: string };

/** Customer login, used by /login and by the reservation flow's login pages. */
export function LoginForm({ title, forgotPasswordTo, registerTo, registerLabel = 'Sign up', onLoggedIn }: LoginFormProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<LoginFields>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const result = validate(loginSchema, values);
    const nextErrors: FieldErrors<LoginFields> = result.ok ? {} : { ...result.errors };
    if (!captcha) nextErrors.captcha = accountMessages.captchaIncomplete;
    setErrors(nextErrors);
    if (!result.ok || !captcha) return;
    setSubmitting(true);
    try {
      const session = await loginCustomer(result.data.email, result.data.password, captcha);
      onLoggedIn(session);
    } catch (error) {
      setBanner(loginErrorMessage(error));
      setCaptchaRound((round) => round + 1); // a captcha answer is good for one try
    } finally {
      setSubmitting(false);
    }
  }

  const update = (field: 'email' | 'password') => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">{title}</h1>
      <FormBanner message={banner} />
      <FormField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
      <PasswordField label="Password" name="password" autoComplete="current-password" value={values.password} onChange={update('password')} error={errors.password} />
      <p className="account-form__aside">
        <Link to={forgotPasswordTo}>Forgot Password?</Link>
      </p>
      <CaptchaCheckbox label="I'm not a robot" onChange={setCaptcha} error={errors.captcha} resetKey={captchaRound} />
      <button type="submit" className="account-form__submit" disabled={submitting}>
        {submitting ? 'Logging in…' : 'Log in'}
      </button>
      <p className="account-form__aside">
        Don't have an account? <Link to={registerTo}>{registerLabel}</Link>
      </p>
    </form>
  );
}
