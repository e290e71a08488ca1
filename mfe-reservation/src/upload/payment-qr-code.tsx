import { DOWN_PAYMENT_PESOS, formatPesos, siteConfig } from '@samgyup/shared';
import { QrCode } from '@samgyup/shared/qr-code';

/** The text a phone reads from the QR code: who to pay, where, and how much. */
export function paymentQrText(): string {
  const { wallet, accountName, accountNumber } = siteConfig.payment;
  return `${wallet} payment to ${accountName}, account ${accountNumber}, amount PHP ${DOWN_PAYMENT_PESOS}.00, reservation down payment`;
}

/** The restaurant's e-wallet details as a QR code. */
export function PaymentQrCode() {
  const { wallet, accountName, accountNumber } = siteConfig.payment;
  return (
    <figure className="payment-qr">
      <QrCode text={paymentQrText()} label={`QR code for paying ${formatPesos(DOWN_PAYMENT_PESOS)} to ${accountName} by ${wallet} ${accountNumber}`} />
      <figcaption>
        <strong>{formatPesos(DOWN_PAYMENT_PESOS)}</strong> by {wallet} to {accountName}, {accountNumber}
      </figcaption>
    </figure>
  );
}
