// Plain string work, not Intl: the first number a page formats with Intl or toLocaleString
// loads locale data, about 250 ms of main thread on a 4×-slowed phone (issue #37).

/** '7', '1,234': a whole count with thousands separators, as en-US writes it. */
export function formatCount(whole: number): string {
  return String(Math.trunc(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
