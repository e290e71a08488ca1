const pesoFormatter = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** '₱199': pesos, whole numbers, no decimals, as the menus show them. */
export function formatPesos(amount: number): string {
  return `₱${pesoFormatter.format(Math.round(amount))}`;
}
