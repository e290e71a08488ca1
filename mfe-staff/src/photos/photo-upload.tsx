import { menuMessages, PHOTO_MAX_BYTES, type PhotoVariants } from '@samgyup/shared/validation';
import { getRuntimeConfig, useInBrowser } from '@samgyup/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { staffErrorMessage, staffRequest } from '../session/staff-session';
import type { StaffMessageText } from '../layout/staff-messages';

/** Processing a large phone photo into every size and format takes a few seconds; a queue of them longer. */
const UPLOAD_TIMEOUT_MS = 90_000;

/**
 * A photo for a menu item or a promo, from the phone's camera or library.
 * Phones hand a HEIC photo over as JPEG when the input asks for JPEG, PNG or WebP.
 */
export function PhotoUpload({
  url,
  label,
  photo,
  preview = true,
  onDone,
}: {
  /** The API address of the owner's photo: POST uploads, DELETE removes. */
  url: string;
  label: string;
  photo: PhotoVariants | null;
  /** Show the photo small beside the buttons (false where the list draws it already). */
  preview?: boolean;
  onDone: (message: StaffMessageText) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // False while drawn on the site's server: the picker and Remove wait, disabled, for the script.
  const ready = useInBrowser();

  async function send(action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      onDone({ text: `${label}: ${(await action()).message}`, problem: false });
    } catch (error) {
      onDone({ text: `${label}: ${staffErrorMessage(error, 'The photo was not saved. Please try again.')}`, problem: true });
    } finally {
      setBusy(false);
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      onDone({ text: `${label}: ${menuMessages.photoTooLarge}`, problem: true });
      return;
    }
    const body = new FormData();
    body.append('file', file);
    void send(() => staffRequest(url, { method: 'POST', body, timeoutMs: UPLOAD_TIMEOUT_MS }));
  }

  return (
    <div className="staff-photo">
      {photo && preview && <img className="staff-photo__preview" src={`${getRuntimeConfig().apiBaseUrl}${photo.path}/320.jpg`} alt="" width={96} height={60} />}
      <label htmlFor={id} className="button button--secondary">
        {photo ? 'Change photo' : 'Add photo'}
        <span className="visually-hidden"> of {label}</span>
      </label>
      <input id={id} className="visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" disabled={busy || !ready} onChange={onPick} />
      {photo && (
        <button type="button" className="button button--ghost" disabled={busy || !ready} onClick={() => void send(() => staffRequest(url, { method: 'DELETE' }))}>
          Remove photo<span className="visually-hidden"> of {label}</span>
        </button>
      )}
      {busy && <span role="status">Uploading the photo…</span>}
    </div>
  );
}
