import liff from '@line/liff/core';
import GetIDToken from '@line/liff/get-id-token';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import Logout from '@line/liff/logout';
import type { LiffLike } from './line-sign-in';

let ready: Promise<LiffLike> | null = null;

/**
 * LINE's official LIFF SDK, as its pluggable build with only the calls the sign-in needs
 * (smaller than the full SDK). This module is only ever imported dynamically, so the SDK
 * stays out of the first-view bundle. `liff.init` runs once per page; it also completes a
 * LINE Login redirect (the `code` in the URL) and signs in silently inside LINE.
 */
export function initLiff(liffId: string): Promise<LiffLike> {
  ready ??= (async () => {
    liff.use(new IsLoggedIn());
    liff.use(new IsInClient());
    liff.use(new Login());
    liff.use(new Logout());
    liff.use(new GetIDToken());
    await liff.init({ liffId });
    return liff;
  })().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  return ready;
}
