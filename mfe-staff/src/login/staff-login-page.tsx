import { Link, Navigate, safeRedirectPath, useSearchParams } from '@samgyup/shared';
import { FormBanner, FormField, PasswordField } from '@samgyup/shared/account-forms';
import { loginSchema, validate, type FieldErrors } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { staffErrorMessage, staffRequest, staffSessionStore, useStaffSession, type StaffSession } from '../session/staff-session';
import { ConsoleHeader } from '../layout/console-header';
import '../styles/staff.css';

/** /staff/login: staff accounts only; customers' logins do not open the console. */
export function StaffLoginPage() {
  const session = useStaffSession();
  const [params] = useSearchParams();
  const next = safeRedirectPath(params.get('next'));
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (session) return <Navigate to={next?.startsWith('/staff') ? next : '/staff'} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const result = validate(loginSchema, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBanner(null);
    setSending(true);
    try {
      const answer = await staffRequest<{ data: StaffSession & { token: string } }>('/api/staff/login', { method: 'POST', body: result.data });
      staffSessionStore.signIn({ token: answer.data.token, staff: answer.data.staff });
    } catch (error) {
      setBanner(staffErrorMessage(error, 'Could not log in. Please try again.'));
      setSending(false);
    }
  }

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className="staff-console">
      <ConsoleHeader />
      <div className="staff-login">
        <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="staff-login-title">
          <h1 id="staff-login-title">Staff log in</h1>
          <FormBanner message={banner} />
          <FormField label="Email" type="email" name="email" autoComplete="username" value={values.email} onChange={update('email')} error={errors.email} />
          <PasswordField label="Password" name="password" autoComplete="current-password" value={values.password} onChange={update('password')} error={errors.password} />
          <button type="submit" className="account-form__submit" disabled={sending} aria-busy={sending}>
            {sending ? 'Logging in…' : 'Log in'}
          </button>
          <p className="account-form__aside">
            For restaurant staff. Diners log in on the <Link to="/login">diners' log in page</Link>.
          </p>
        </form>
      </div>
    </div>
  );
}
