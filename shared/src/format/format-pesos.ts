// Plain string work, not Intl: building an Intl formatter loads locale data at
// every page's start (measured in docs/adr/0002-first-screens.md).

/** '₱199', '₱1,299': pesos, whole numbers with thousands separators, as the menus show them. */
export function formatPesos(amount: number): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₱${whole < 0 ? '-' : ''}${digits}`;
}
