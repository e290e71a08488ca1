// Plain string work, not Intl: building an Intl formatter loads locale data at
// every page's start (measured in docs/adr/0002-first-screens.md).
import { formatCount as withThousands } from './format-count';

/** '₱199', '₱1,299': pesos, whole numbers with thousands separators, as the menus show them. */
export function formatPesos(amount: number): string {
  const whole = Math.round(amount);
  return `₱${whole < 0 ? '-' : ''}${withThousands(Math.abs(whole))}`;
}

/** '₱100', '₱1,000', '₱100.50': an amount kept in centavos (online payments, refunds), in the same format; centavos only when there are some. */
export function formatCentavos(centavos: number): string {
  const total = Math.round(Math.abs(centavos));
  const cents = total % 100;
  return `₱${centavos < 0 ? '-' : ''}${withThousands(Math.floor(total / 100))}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}
