// A diner's or staff member's browser as the site leaves it after logging in: the login in
// localStorage, and mirrored in the cookie the site's server draws signed-in pages with
// (@samgyup/shared's session-cookie.ts writes the same name and value).
/* global document, location -- runs in the page */

/**
 * Run in the page (page.evaluate): writes `entries` to localStorage, and each that holds a login
 * (JSON with a `token`) to its `samgyup_session_<key>` cookie too.
 * @param {Record<string, string>} entries
 */
export function writeSignedInStorage(entries) {
  for (const [key, value] of Object.entries(entries)) {
    localStorage.setItem(key, value);
    let stored = null;
    try {
      stored = JSON.parse(value);
    } catch {
      continue;
    }
    if (!stored || typeof stored !== 'object' || typeof stored.token !== 'string') continue;
    const bytes = new TextEncoder().encode(value);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    document.cookie = `samgyup_session_${key}=${encoded}; Path=/; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}`;
  }
}
