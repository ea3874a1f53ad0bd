/** Marks a LINE Login redirect in progress: how many trips to LINE Login one sign-in made. */
export const LINE_PENDING_KEY = 'passport.lineSignIn';

/**
 * Whether to finish a LINE sign-in at start without a tap: the page came back from LINE
 * Login (our mark, or LIFF's `liffClientId` in the URL), or it runs inside LINE, where LIFF
 * signs in silently. Small on purpose: it is in the first-view bundle, the SDK is not.
 */
export function mayResumeLineSignIn(): boolean {
  try {
    if (sessionStorage.getItem(LINE_PENDING_KEY)) return true;
  } catch {
    // Storage blocked: only the URL and the user agent can tell.
  }
  return /[?&]liffClientId=/.test(location.search) || / Line\//.test(navigator.userAgent);
}
