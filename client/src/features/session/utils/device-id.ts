import { randomId } from '../../../lib/random-id';

const KEY = 'passport.deviceId';
const VALID = /^[\w-]{8,64}$/;

/** A random id for this browser, kept in localStorage, so each device is its own demo visitor. */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && VALID.test(kept)) return kept;
    const fresh = randomId();
    localStorage.setItem(KEY, fresh);
    return fresh;
  } catch {
    // Storage can be blocked (private modes); a per-page id still signs in.
    return randomId();
  }
}
