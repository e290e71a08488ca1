import { formatPesos, getRuntimeConfig } from '@samgyup/shared';
import { QrCode } from '@samgyup/shared/qr-code';
import type { PublicRestaurantSettings } from '@samgyup/shared/settings';

type PaymentDetails = Pick<PublicRestaurantSettings, 'down_payment_pesos' | 'wallet' | 'payment_qr_path'>;

/** The text a phone reads from the drawn QR code: who to pay, where, and how much. */
export function paymentQrText({ wallet, down_payment_pesos }: PaymentDetails): string {
  return `${wallet.name} payment to ${wallet.account_name}, account ${wallet.account_number}, amount PHP ${down_payment_pesos}.00, reservation down payment`;
}

/**
 * The restaurant's own e-wallet QR (the image the owner uploaded), with the
 * account written out; until one is uploaded, a QR drawn from the same details.
 */
export function PaymentQrCode({ details }: { details: PaymentDetails }) {
  const { wallet, down_payment_pesos: amount, payment_qr_path: qrPath } = details;
  const label = `QR code for paying ${formatPesos(amount)} to ${wallet.account_name} by ${wallet.name} ${wallet.account_number}`;
  return (
    <figure className="payment-qr">
      {qrPath ? (
        <img className="payment-qr__image" src={`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${qrPath}`} alt={label} width={240} height={240} />
      ) : (
        <QrCode text={paymentQrText(details)} label={label} />
      )}
      <figcaption>
        <strong>{formatPesos(amount)}</strong> by {wallet.name} to {wallet.account_name}, {wallet.account_number}
      </figcaption>
    </figure>
  );
}
