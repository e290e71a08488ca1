/**
 * The `redirect` query parameter accepts paths on this site only
 * (docs/decisions.md 10): '/feedback-form' yes; 'https://evil.example', '//evil',
 * '/\\evil' or 'javascript:' no.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\\]/.test(path)) return null;
  try {
    const resolved = new URL(path, 'http://site.invalid');
    if (resolved.origin !== 'http://site.invalid') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
