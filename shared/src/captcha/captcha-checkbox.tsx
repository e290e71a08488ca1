import { useEffect, useId, useRef, useState } from 'react';
import { solveCaptcha } from './solve-captcha';
import './captcha-checkbox.css';

type CaptchaState = 'idle' | 'verifying' | 'verified' | 'failed';

interface CaptchaCheckboxProps {
  label: string;
  /** The verified payload, or null when unchecked or not verified yet. */
  onChange: (payload: string | null) => void;
  error?: string;
  /** Changing this clears the check, e.g. after a submit used the payload up. */
  resetKey?: number;
}

/**
 * The spec's captcha checkbox. Ticking it solves a small proof-of-work puzzle
 * from our own server in the background; nothing is loaded from anyone else.
 */
export function CaptchaCheckbox({ label, onChange, error, resetKey = 0 }: CaptchaCheckboxProps) {
  const id = useId();
  const [state, setState] = useState<CaptchaState>('idle');
  const controller = useRef<AbortController | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    controller.current?.abort();
    setState('idle');
    onChangeRef.current(null);
  }, [resetKey]);

  useEffect(() => () => controller.current?.abort(), []);

  async function toggle(checked: boolean) {
    controller.current?.abort();
    if (!checked) {
      setState('idle');
      onChange(null);
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setState('verifying');
    try {
      const payload = await solveCaptcha(current);
      if (current.signal.aborted) return;
      setState('verified');
      onChange(payload);
    } catch {
      if (current.signal.aborted) return;
      setState('failed');
      onChange(null);
    }
  }

  const status =
    state === 'verifying'
      ? 'Verifying you are human…'
      : state === 'verified'
        ? 'Verified'
        : state === 'failed'
          ? 'Verification failed. Check your connection and tick the box again.'
          : '';

  return (
    <div className={`captcha ${error ? 'captcha--invalid' : ''}`}>
      <div className="captcha__row">
        <input
          id={id}
          type="checkbox"
          className="captcha__box"
          checked={state === 'verifying' || state === 'verified'}
          onChange={(event) => toggle(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-status ${error ? `${id}-error` : ''}`}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={`${id}-status`} className={`captcha__status captcha__status--${state}`} role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
