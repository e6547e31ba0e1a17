/**
 * Reading the `Cookie` header and writing one `Set-Cookie` (RFC 6265), for the few cookies a
 * service sets itself: values are the service's own (base64url), so no encoding is needed.
 */

/** The cookies of a `Cookie` header by name; the first of a repeated name wins, as browsers send the most specific first. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    let value = pair.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name !== '' && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 6265's cookie-octet: printable ASCII but space, `"`, `,`, `;` and `\`. */
const COOKIE_VALUE = /^[!#-+\--:<-[\]-~]*$/;

/** One `Set-Cookie` value; a name or value outside the RFC's characters is refused. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!TOKEN.test(name)) throw new TypeError(`invalid cookie name '${name}'`);
  if (!COOKIE_VALUE.test(value)) throw new TypeError(`invalid value for cookie '${name}'`);
  const parts = [`${name}=${value}`, `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`];
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.httpOnly ?? true) parts.push('HttpOnly');
  if (options.secure === true) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Strict'}`);
  return parts.join('; ');
}
