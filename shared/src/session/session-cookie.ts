/**
 * A login kept in storage is mirrored in a cookie, so that the site's server can draw a
 * signed-in page with its data in the HTML (site-server/src/first-screens/signed-in-first-screens.cjs).
 * The server reads it for that alone: the API never takes a cookie, only the Authorization header.
 * SameSite=Strict: no other site's link or form carries it. Written by script, like the storage it
 * mirrors, so it is no more exposed than the login already is.
 */

/** The cookie that mirrors the login kept under storage key `key`; the site's server reads the same name. */
export const sessionCookieName = (key: string): string => `samgyup_session_${key}`;

/** The text's UTF-8 bytes in base64url: a cookie value needs no quoting then. */
function base64Url(text: string): string {
  const utf8 = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function cookieJar(): Document | null {
  return typeof document === 'undefined' ? null : document;
}

/**
 * Writes (or, with `stored` null, removes) the cookie mirroring the login under `key`.
 * `expiresAt`: seconds since epoch when the login's token expires; the cookie ends then.
 */
export function mirrorSessionCookie(key: string, stored: unknown, expiresAt: number | null): void {
  const jar = cookieJar();
  if (!jar) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const name = sessionCookieName(key);
  const lifetime = expiresAt === null ? null : Math.floor(expiresAt - Date.now() / 1000);
  try {
    if (stored === null || stored === undefined || (lifetime !== null && lifetime <= 0)) {
      if (jar.cookie.split('; ').some((pair) => pair.startsWith(`${name}=`))) jar.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
      return;
    }
    const maxAge = lifetime === null ? '' : `; Max-Age=${lifetime}`;
    jar.cookie = `${name}=${base64Url(JSON.stringify(stored))}; Path=/${maxAge}; SameSite=Strict${secure}`;
  } catch {
    // Cookies disabled: the page draws its data once its script runs, as it does without the cookie.
  }
}
