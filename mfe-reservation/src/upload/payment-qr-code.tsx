import { DOWN_PAYMENT_PESOS, formatPesos, siteConfig } from '@samgyup/shared';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The text a phone reads from the QR code: who to pay, where, and how much. */
export function paymentQrText(): string {
  const { wallet, accountName, accountNumber } = siteConfig.payment;
  return `${wallet} payment to ${accountName}, account ${accountNumber}, amount PHP ${DOWN_PAYMENT_PESOS}.00, reservation down payment`;
}

/** The restaurant's e-wallet details as a QR code, drawn here as SVG (no image service). */
export function PaymentQrCode() {
  const path = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(paymentQrText());
    code.make();
    const size = code.getModuleCount();
    let d = '';
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        if (code.isDark(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { d, size: size + 8 };
  }, []);
  const { wallet, accountName, accountNumber } = siteConfig.payment;
  return (
    <figure className="payment-qr">
      <svg
        viewBox={`0 0 ${path.size} ${path.size}`}
        width="200"
        height="200"
        role="img"
        aria-label={`QR code for paying ${formatPesos(DOWN_PAYMENT_PESOS)} to ${accountName} by ${wallet} ${accountNumber}`}
        shapeRendering="crispEdges"
      >
        <rect width={path.size} height={path.size} fill="#fff" />
        <path d={path.d} fill="#000" />
      </svg>
      <figcaption>
        <strong>{formatPesos(DOWN_PAYMENT_PESOS)}</strong> by {wallet} to {accountName}, {accountNumber}
      </figcaption>
    </figure>
  );
}
