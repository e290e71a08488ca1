import { getRuntimeConfig } from '@samgyup/shared';
import { PAYMENT_QR_MAX_BYTES, PAYMENT_QR_TYPES, settingsMessages } from '@samgyup/shared/validation';
import { useId, useState, type FormEvent } from 'react';
import { StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffRequest } from '../session/staff-session';

function qrFileProblem(file: File | null): string | null {
  if (!file) return settingsMessages.qrMissing;
  if (file.size > PAYMENT_QR_MAX_BYTES) return settingsMessages.qrTooLarge;
  if (file.type && !(PAYMENT_QR_TYPES as readonly string[]).includes(file.type)) return settingsMessages.qrType;
  return null;
}

/** The e-wallet QR diners scan on the payment page: the restaurant's own image (the server checks its content). */
export function PaymentQrUpload({ current, onSaved }: { current: string | null; onSaved: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { message, setMessage, busy, run } = useStaffAction({ failed: 'The QR was not saved. Please try again.' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = qrFileProblem(file);
    if (problem) {
      setMessage({ text: problem, problem: true });
      return;
    }
    const body = new FormData();
    body.append('file', file!);
    if (await run(() => staffRequest('/api/staff/restaurant-settings/payment-qr', { method: 'PUT', body }))) onSaved();
  }

  async function onRemove() {
    if (await run(() => staffRequest('/api/staff/restaurant-settings/payment-qr', { method: 'DELETE' }))) onSaved();
  }

  return (
    <section className="settings-section" aria-labelledby="payment-qr-title">
      <h2 id="payment-qr-title">E-wallet QR</h2>
      {current ? (
        <>
          <img className="settings-qr" src={`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${current}`} alt="The payment QR diners scan now" width={160} height={160} />
          <button type="button" className="button button--ghost" onClick={() => void onRemove()} disabled={busy}>
            Remove the QR
          </button>
        </>
      ) : (
        <p>No QR uploaded yet: the payment page draws one from the account details below.</p>
      )}
      <form className="staff-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>New QR image (PNG, JPEG or WebP, up to 1 MB)</label>
        <input id={inputId} type="file" accept={PAYMENT_QR_TYPES.join(',')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <StaffMessage message={message} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Uploading…' : 'Upload the QR'}
        </button>
      </form>
    </section>
  );
}
