import { describe, expect, it } from 'vitest';
import { LINE_PENDING_KEY } from '../../client/src/features/session/utils/line-pending';
import { lineSignIn, LineSignInError, type LiffLike } from '../../client/src/features/session/utils/line-sign-in';

/** A LIFF stand-in that records what the sign-in asked of it. */
function fakeLiff(s: { loggedIn: boolean; inClient?: boolean; idToken?: string | null }) {
  const calls: string[] = [];
  const liff: LiffLike = {
    isLoggedIn: () => s.loggedIn,
    isInClient: () => s.inClient ?? false,
    login: (c) => void calls.push(`login ${c?.redirectUri}`),
    logout: () => {
      calls.push('logout');
      s.loggedIn = false;
    },
    getIDToken: () => (s.loggedIn ? (s.idToken === undefined ? 'id-token-1' : s.idToken) : null),
  };
  return { liff, calls };
}

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

const HREF = 'https://passport.example.jp/coupon/12/';

describe('LINE sign-in through LIFF (issue 3)', () => {
  it('sends a visitor not logged in to LINE Login, back to the same page', async () => {
    const { liff, calls } = fakeLiff({ loggedIn: false });
    const storage = memoryStorage();
    const exchanged: string[] = [];
    const r = await lineSignIn({ liff, storage, href: HREF, exchange: async (t) => void exchanged.push(t) });
    expect(r).toBe('redirecting');
    expect(calls).toEqual([`login ${HREF}`]);
    expect(storage.getItem(LINE_PENDING_KEY)).toBe('1');
    expect(exchanged).toEqual([]);
  });

  it('posts only the ID token once logged in, and forgets the pending mark', async () => {
    const { liff, calls } = fakeLiff({ loggedIn: true });
    const storage = memoryStorage();
    storage.setItem(LINE_PENDING_KEY, '1');
    const exchanged: string[] = [];
    const r = await lineSignIn({ liff, storage, href: HREF, exchange: async (t) => void exchanged.push(t) });
    expect(r).toBe('signedIn');
    expect(exchanged).toEqual(['id-token-1']);
    expect(calls).toEqual([]);
    expect(storage.getItem(LINE_PENDING_KEY)).toBeNull();
  });

  it('a token the server refuses (401) gets one fresh LINE Login, never a loop', async () => {
    const refuse = async () => {
      throw Object.assign(new Error('INVALID_ID_TOKEN'), { status: 401 });
    };
    const storage = memoryStorage();
    const first = fakeLiff({ loggedIn: true });
    expect(await lineSignIn({ liff: first.liff, storage, href: HREF, exchange: refuse })).toBe('redirecting');
    expect(first.calls).toEqual(['logout', `login ${HREF}`]);
    // Back from LINE Login: refused again -> a second trip; a third is refused.
    const second = fakeLiff({ loggedIn: true });
    expect(await lineSignIn({ liff: second.liff, storage, href: HREF, exchange: refuse })).toBe('redirecting');
    const third = fakeLiff({ loggedIn: true });
    await expect(lineSignIn({ liff: third.liff, storage, href: HREF, exchange: refuse })).rejects.toBeInstanceOf(
      LineSignInError,
    );
    expect(third.calls).toEqual(['logout']);
    expect(storage.getItem(LINE_PENDING_KEY)).toBeNull();
  });

  it('other server errors reach the caller unchanged', async () => {
    const { liff } = fakeLiff({ loggedIn: true });
    const boom = Object.assign(new Error('RATE_LIMITED'), { status: 429 });
    await expect(
      lineSignIn({ liff, storage: memoryStorage(), href: HREF, exchange: async () => Promise.reject(boom) }),
    ).rejects.toBe(boom);
  });

  it('inside LINE it never calls liff.login (LIFF signs in at init) and fails plainly without a token', async () => {
    const { liff, calls } = fakeLiff({ loggedIn: true, inClient: true, idToken: null });
    await expect(
      lineSignIn({ liff, storage: memoryStorage(), href: HREF, exchange: async () => undefined }),
    ).rejects.toBeInstanceOf(LineSignInError);
    expect(calls).toEqual([]);
  });
});
