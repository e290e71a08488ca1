import type { Resource } from './fake-paymongo';

const METHOD_LABELS: Record<string, string> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  qrph: 'QR Ph',
  card: 'Card',
  grab_pay: 'GrabPay',
  shopee_pay: 'ShopeePay',
  billease: 'BillEase',
  dob: 'Direct online banking',
  brankas_bdo: 'BDO Online',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pesos = (centavos: number) => `₱${(centavos / 100).toFixed(2)}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}</style></head>
<body>${body}</body></html>`;
}

/** The hosted checkout page: what is paid for, and one Pay button per payment method the session offers. */
export function checkoutPage(session: Resource): string {
  const attributes = session.attributes as { line_items: { name: string; amount: number; quantity: number }[]; payment_method_types: string[] };
  const total = attributes.line_items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  const items = attributes.line_items.map((item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${pesos(item.amount * item.quantity)}</li>`).join('');
  const buttons = attributes.payment_method_types
    .map((method) => `<button type="submit" name="method" value="${escapeHtml(method)}">Pay ${pesos(total)} with ${escapeHtml(METHOD_LABELS[method] ?? method)}</button>`)
    .join('');
  return page(
    'Fake PayMongo checkout',
    `<h1>Fake PayMongo checkout</h1><p>A local stand-in for PayMongo's hosted checkout (test mode): no money moves.</p><ul>${items}</ul><p>Total: <strong>${pesos(total)}</strong></p><form method="post" action="/checkout/${escapeHtml(session.id)}/pay">${buttons}</form>`,
  );
}

export function closedCheckoutPage(message: string): string {
  return page('Fake PayMongo checkout', `<h1>Fake PayMongo checkout</h1><p>${escapeHtml(message)}</p>`);
}
