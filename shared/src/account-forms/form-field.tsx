import { useId, useState, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it. */
export function FormField({ label, error, hint, ...input }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with the show/hide toggle the first version asks for. */
export function PasswordField(props: Omit<FormFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const describedBy = props.error ? `${id}-error` : undefined;
  const { label, error, hint, ...input } = props;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && <p className="form-field__hint">{hint}</p>}
      <div className="password-field">
        <input id={id} type={visible ? 'text' : 'password'} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
        <button
          type="button"
          className="password-field__toggle"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
