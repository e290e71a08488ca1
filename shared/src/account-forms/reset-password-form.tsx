import { useState, type FormEvent } from 'react';
// Through the package: the API client is the page's one shared copy.
import { requestResetCode, resetErrorMessage, resetPassword } from '@samgyup/shared';
import { CaptchaCheckbox } from '../captcha/captcha-checkbox';
import { accountMessages, resetPasswordFormSchema, resetRequestSchema } from '../validation/account-schemas';
import { validate, type FieldErrors } from '../validation/validate';
import { FormBanner } from './form-banner';
import { FormField, PasswordField } from './form-field';
import './account-forms.css';

interface ResetPasswordFormProps {
  title: string;
  /** The two reset screens word their messages differently (spec section 5). */
  variant: 'customer' | 'reservation';
  onReset: () => void;
}

type ResetFields = { email: string; code: string; newPassword: string; confirmPassword: string; captcha: string };

/**
 * Reset with proof of ownership (docs/decisions.md 1): the email first, then the
 * one-time code we mailed, the new password and the retyped password.
 */
export function ResetPasswordForm({ title, variant, onReset }: ResetPasswordFormProps) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [values, setValues] = useState({ email: '', code: '', newPassword: '', confirmPassword: '' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<ResetFields>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const result = validate(resetRequestSchema, { email: values.email });
    const nextErrors: FieldErrors<ResetFields> = result.ok ? {} : { ...result.errors };
    if (!captcha) nextErrors.captcha = accountMessages.captchaIncomplete;
    setErrors(nextErrors);
    if (!result.ok || !captcha) return;
    setSubmitting(true);
    try {
      await requestResetCode(result.data.email, captcha);
      setStep('code');
      setNotice(`If an account uses ${result.data.email}, we sent it a 6-digit code. It is valid for 15 minutes.`);
    } catch (error) {
      setBanner(resetErrorMessage(error));
      setCaptchaRound((round) => round + 1);
    } finally {
      setSubmitting(false);
    }
  }

  async function submitNewPassword(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const result = validate(resetPasswordFormSchema(variant), values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setSubmitting(true);
    try {
      const { email, code, newPassword } = result.data;
      await resetPassword({ email, code, newPassword });
      onReset();
    } catch (error) {
      setBanner(resetErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  if (step === 'email') {
    return (
      <form className="account-form" onSubmit={sendCode} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">{title}</h1>
        <p>Enter the email of your account. We will send you a code to set a new password.</p>
        <FormBanner message={banner} />
        <FormField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
        <CaptchaCheckbox label="I'm not a robot" onChange={setCaptcha} error={errors.captcha} resetKey={captchaRound} />
        <button type="submit" className="account-form__submit" disabled={submitting}>
          {submitting ? 'Sending…' : 'Send code'}
        </button>
      </form>
    );
  }

  return (
    <form className="account-form" onSubmit={submitNewPassword} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">{title}</h1>
      <FormBanner message={notice} tone="info" />
      <FormBanner message={banner} />
      <FormField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
      <FormField
        label="Code from your email"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={values.code}
        onChange={update('code')}
        error={errors.code}
      />
      <PasswordField label="New password" name="newPassword" autoComplete="new-password" value={values.newPassword} onChange={update('newPassword')} error={errors.newPassword} />
      <PasswordField
        label="Retype password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" className="account-form__submit" disabled={submitting}>
        {submitting ? 'Saving…' : 'Reset password'}
      </button>
      <p className="account-form__aside">
        No code?{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep('email');
            setCaptchaRound((round) => round + 1);
          }}
        >
          Send a new one
        </button>
      </p>
    </form>
  );
}
