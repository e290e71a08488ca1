import { formatPesos, getRuntimeConfig, useInBrowser } from '@samgyup/shared';
import { QrCode, qrCodeImageUrl } from '@samgyup/shared/qr-code';
import type { PublicRestaurantSettings } from '@samgyup/shared/settings';
import { useId, useRef, useState } from 'react';

type PaymentDetails = Pick<PublicRestaurantSettings, 'down_payment_pesos' | 'wallet' | 'payment_qr_path'>;

/** The text a phone reads from the drawn QR code: who to pay, where, and how much. */
export function paymentQrText({ wallet, down_payment_pesos }: PaymentDetails): string {
  return `${wallet.name} payment to ${wallet.account_name}, account ${wallet.account_number}, amount PHP ${down_payment_pesos}.00, reservation down payment`;
}

/**
 * The restaurant's own e-wallet QR (the image the owner uploaded), with the
 * account written out; until one is uploaded, a QR drawn from the same details.
 * A diner on a phone cannot scan the screen they read it on, so the QR can be
 * saved as a picture (to open in the e-wallet app) and the account number copied.
 */
export function PaymentQrCode({ details }: { details: PaymentDetails }) {
  const { wallet, down_payment_pesos: amount, payment_qr_path: qrPath } = details;
  const label = `QR code for paying ${formatPesos(amount)} to ${wallet.account_name} by ${wallet.name} ${wallet.account_number}`;
  const imageUrl = qrPath ? `${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${qrPath}` : null;
  return (
    <figure className="payment-qr">
      {imageUrl ? <img className="payment-qr__image" src={imageUrl} alt={label} width={240} height={240} /> : <QrCode text={paymentQrText(details)} label={label} />}
      <figcaption>
        <strong>{formatPesos(amount)}</strong> by {wallet.name} to {wallet.account_name}, {wallet.account_number}
      </figcaption>
      <div className="payment-qr__actions">
        <SaveQrImage imageUrl={imageUrl} drawnText={paymentQrText(details)} />
        <CopyAccountNumber number={wallet.account_number} />
      </div>
    </figure>
  );
}

function download(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * "Save QR image": the drawn QR as a picture file (its encoder loaded first if the
 * code was not drawn yet); the owner's uploaded image is fetched first (it comes from the API's address, where a plain download link
 * would only open it). If that fails, the diner is told how to save it by hand.
 */
function SaveQrImage({ imageUrl, drawnText }: { imageUrl: string | null; drawnText: string }) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  // Drawn on the site's server, the button waits, disabled, for the script.
  const ready = useInBrowser();
  async function save() {
    setState('saving');
    try {
      if (!imageUrl) {
        download(await qrCodeImageUrl(drawnText), 'samgyup-plaridel-payment-qr.gif');
        setState('saved');
        return;
      }
      const response = await fetch(imageUrl);
      if (!response.ok) throw new Error(`The QR image answered ${response.status}`);
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
      download(objectUrl, `samgyup-plaridel-payment-qr.${extension}`);
      setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
      setState('saved');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="payment-qr__action">
      <button type="button" className="button button--secondary" disabled={state === 'saving' || !ready} onClick={() => void save()}>
        {state === 'saving' ? 'Saving…' : 'Save QR image'}
      </button>
      <p className="payment-qr__feedback" role="status">
        {state === 'saved' && 'QR image saved to your downloads: open it from your e-wallet app’s scanner.'}
        {state === 'failed' && 'The QR image could not be saved. Press and hold the QR code to save it, or take a screenshot.'}
      </p>
    </div>
  );
}

/** "Copy account number" with the clipboard; where the browser offers none (or refuses), the number is selected for copying by hand. */
function CopyAccountNumber({ number }: { number: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const ready = useInBrowser();
  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(number);
      setState('copied');
    } catch {
      setState('manual');
      // The field appears with this render: select it once it is there.
      setTimeout(() => field.current?.select());
    }
  }
  return (
    <div className="payment-qr__action">
      <button type="button" className="button button--secondary" disabled={!ready} onClick={() => void copy()}>
        Copy account number
      </button>
      <p className="payment-qr__feedback" role="status">
        {state === 'copied' && `Account number ${number} copied.`}
        {state === 'manual' && 'Your browser did not let us copy it: the number is selected below, copy it from there.'}
      </p>
      {state === 'manual' && (
        <>
          <label className="payment-qr__number-label" htmlFor={fieldId}>
            Account number
          </label>
          <input id={fieldId} ref={field} className="payment-qr__number" readOnly value={number} onFocus={(event) => event.currentTarget.select()} />
        </>
      )}
    </div>
  );
}
