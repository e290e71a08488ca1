import { useState, type FormEvent } from 'react';
// Through the package: session, API client and router are the page's one shared copy.
import { accountErrors, Link, registerCustomer, registerErrorMessage } from '@samgyup/shared';
import { CaptchaCheckbox } from '../captcha/captcha-checkbox';
import { accountMessages, registerSchema, type RegisterInput } from '../validation/account-schemas';
import { validate, type FieldErrors } from '../validation/validate';
import { FormBanner } from './form-banner';
import { FormField, PasswordField } from './form-field';
import './account-forms.css';

interface RegisterFormProps {
  title: string;
  /** '/register' asks for a captcha; the reservation flow's '/signup' for agreement to the terms. */
  variant: 'register' | 'signup';
  loginTo: string;
  onRegistered: () => void;
}

type RegisterFields = Required<RegisterInput> & { captcha: string };

const emptyForm = { first_name: '', last_name: '', email: '', password: '', phone: '', address: '' };

/** Customer registration, used by /register and /signup. */
export function RegisterForm({ title, variant, loginTo, onRegistered }: RegisterFormProps) {
  const [values, setValues] = useState(emptyForm);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<RegisterFields>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const result = validate(registerSchema, values);
    const nextErrors: FieldErrors<RegisterFields> = result.ok ? {} : { ...result.errors };
    if (!captcha) nextErrors.captcha = variant === 'signup' ? accountMessages.termsRequired : accountMessages.captchaRequired;
    setErrors(nextErrors);
    if (!result.ok || !captcha) return;
    setSubmitting(true);
    try {
      await registerCustomer(result.data, captcha);
      window.alert(accountErrors.registerSuccess);
      setValues(emptyForm);
      onRegistered();
    } catch (error) {
      setBanner(registerErrorMessage(error));
      setCaptchaRound((round) => round + 1);
    } finally {
      setSubmitting(false);
    }
  }

  const update = (field: keyof typeof emptyForm) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="register-title">
      <h1 id="register-title">{title}</h1>
      <FormBanner message={banner} />
      <div className="account-form__pair">
        <FormField label="First name" name="first_name" autoComplete="given-name" value={values.first_name} onChange={update('first_name')} error={errors.first_name} />
        <FormField label="Last name" name="last_name" autoComplete="family-name" value={values.last_name} onChange={update('last_name')} error={errors.last_name} />
      </div>
      <FormField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <FormField label="Phone (optional)" type="tel" name="phone" autoComplete="tel" value={values.phone} onChange={update('phone')} error={errors.phone} />
      <FormField label="Address (optional)" name="address" autoComplete="street-address" value={values.address} onChange={update('address')} error={errors.address} />
      <CaptchaCheckbox
        label={variant === 'signup' ? "I agree to the terms and conditions, and I'm not a robot" : "I'm not a robot"}
        onChange={setCaptcha}
        error={errors.captcha}
        resetKey={captchaRound}
      />
      <button type="submit" className="account-form__submit" disabled={submitting}>
        {submitting ? 'Creating your account…' : 'Create account'}
      </button>
      <p className="account-form__aside">
        Already have an account? <Link to={loginTo}>Log in</Link>
      </p>
    </form>
  );
}
