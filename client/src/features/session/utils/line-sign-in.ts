import { LINE_PENDING_KEY } from './line-pending';

/** What the sign-in needs of the LIFF SDK (the real `liff` object, or a fake in tests). */
export interface LiffLike {
  isLoggedIn(): boolean;
  isInClient(): boolean;
  login(config?: { redirectUri?: string }): void;
  logout(): void;
  getIDToken(): string | null;
}

/** At most this many trips to LINE Login for one sign-in, so a refused token cannot loop. */
const MAX_REDIRECTS = 2;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LineSignInContext = {
  liff: LiffLike;
  /** POST /api/auth/line/login with the ID token; our token arrives in the Authorization header. */
  exchange: (idToken: string) => Promise<unknown>;
  storage: Store;
  /** Where LINE Login sends the visitor back: the page they are on. */
  href: string;
};

export type LineSignInResult = 'signedIn' | 'redirecting';

/** Thrown when LINE sign-in cannot finish here (a refused token after a fresh login, or no ID token in LINE). */
export class LineSignInError extends Error {
  constructor(readonly reason: 'REDIRECT_LIMIT' | 'NO_ID_TOKEN') {
    super(`LINE sign-in failed: ${reason}`);
    this.name = 'LineSignInError';
  }
}

function redirects(storage: Store): number {
  const n = Number(storage.getItem(LINE_PENDING_KEY));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function toLineLogin(ctx: LineSignInContext): LineSignInResult {
  const made = redirects(ctx.storage);
  if (made >= MAX_REDIRECTS) {
    ctx.storage.removeItem(LINE_PENDING_KEY);
    throw new LineSignInError('REDIRECT_LIMIT');
  }
  ctx.storage.setItem(LINE_PENDING_KEY, String(made + 1));
  ctx.liff.login({ redirectUri: ctx.href });
  return 'redirecting';
}

/**
 * Signs the visitor in with LINE (issue 3, spec 6) once `liff.init` has run: not logged in to
 * LINE -> `liff.login()` (LINE Login in the external browser; the page comes back and this
 * runs again); logged in -> `liff.getIDToken()` and only that token to our server. A token
 * the server refuses (expired in LIFF's cache) gets one fresh LINE Login, never a loop.
 * @returns 'signedIn' when our token is held, 'redirecting' when the page is leaving for LINE
 * @throws LineSignInError, or the exchange's error (an ApiError) when the server refuses
 */
export async function lineSignIn(ctx: LineSignInContext): Promise<LineSignInResult> {
  const { liff, storage } = ctx;
  if (!liff.isLoggedIn()) {
    if (liff.isInClient()) throw new LineSignInError('NO_ID_TOKEN');
    return toLineLogin(ctx);
  }
  const idToken = liff.getIDToken();
  if (!idToken) {
    if (liff.isInClient()) throw new LineSignInError('NO_ID_TOKEN');
    liff.logout();
    return toLineLogin(ctx);
  }
  try {
    await ctx.exchange(idToken);
  } catch (err) {
    // A stale ID token (LIFF keeps it in storage): log out of LIFF and fetch a fresh one.
    if ((err as { status?: unknown } | null)?.status === 401 && !liff.isInClient()) {
      liff.logout();
      return toLineLogin(ctx);
    }
    storage.removeItem(LINE_PENDING_KEY);
    throw err;
  }
  storage.removeItem(LINE_PENDING_KEY);
  return 'signedIn';
}
