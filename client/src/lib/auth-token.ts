import { useSyncExternalStore } from 'react';

/**
 * The visitor's access token (spec 6, 9): kept in the cookie `auth._token.line`, path `/`,
 * 86400 s, like the product's auth module did. The only code that reads or writes it.
 */
export const TOKEN_COOKIE = 'auth._token.line';
export const TOKEN_MAX_AGE_S = 86400;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

function writeCookie(value: string, maxAge: number) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${value}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

export function readToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === TOKEN_COOKIE) {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return value || null;
    }
  }
  return null;
}

export function saveToken(token: string): void {
  writeCookie(encodeURIComponent(token), TOKEN_MAX_AGE_S);
  notify();
}

export function clearToken(): void {
  if (readToken() === null) return;
  writeCookie('', 0);
  notify();
}

export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a token is held (it may still be refused by the server, which then clears it). */
export function useSignedIn(): boolean {
  // Server-side render: nobody is signed in.
  return useSyncExternalStore(
    onTokenChange,
    () => readToken() !== null,
    () => false,
  );
}
