import { lineLogin } from '../api/session.api';
import { initLiff } from './liff-sdk';
import { lineSignIn, type LineSignInResult } from './line-sign-in';

/** sessionStorage, or a page-lifetime map where storage is blocked (private modes). */
const memory = new Map<string, string>();
const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (k) => {
    try {
      return sessionStorage.getItem(k);
    } catch {
      return memory.get(k) ?? null;
    }
  },
  setItem: (k, v) => {
    try {
      sessionStorage.setItem(k, v);
    } catch {
      memory.set(k, v);
    }
  },
  removeItem: (k) => {
    try {
      sessionStorage.removeItem(k);
    } catch {
      memory.delete(k);
    }
  },
};

/**
 * LINE sign-in with the real SDK: loaded through a dynamic import of this module, so neither
 * LIFF nor this code is in the first-view bundle.
 * @throws LineSignInError, LIFF's errors (init), ApiError from our server
 */
export async function signInWithLine(liffId: string): Promise<LineSignInResult> {
  const liff = await initLiff(liffId);
  return lineSignIn({
    liff,
    exchange: lineLogin,
    storage,
    href: location.href,
  });
}
