/**
 * The staff member's access token (spec 6, 9): the admin area's local strategy keeps it in
 * the cookie `auth._token.local`, path `/`, 86400 s, beside the visitors' `auth._token.line`.
 * The only code that reads or writes it.
 */
export const STAFF_TOKEN_COOKIE = 'auth._token.local';
export const STAFF_TOKEN_MAX_AGE_S = 86400;

type Listener = () => void;
const listeners = new Set<Listener>();

function write(value: string, maxAge: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${STAFF_TOKEN_COOKIE}=${value}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

export function readStaffToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== STAFF_TOKEN_COOKIE) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    return value || null;
  }
  return null;
}

export function saveStaffToken(token: string): void {
  write(encodeURIComponent(token), STAFF_TOKEN_MAX_AGE_S);
  listeners.forEach((l) => l());
}

export function clearStaffToken(): void {
  if (readStaffToken() === null) return;
  write('', 0);
  listeners.forEach((l) => l());
}

export function onStaffTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
