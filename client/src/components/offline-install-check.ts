const DISMISSED = 'passport.installHint';
const VISITS = 'passport.visits';
const SESSION = 'passport.session';
/** Shown from this visit (browser session) on: a first-time visitor is not greeted by it. */
export const HINT_FROM_VISIT = 2;

/**
 * Whether the browser is iOS Safari: it has no install prompt, so a hint helps. Never inside
 * LINE or another in-app browser (installing is impossible there), nor other iOS browsers.
 */
export function isIosSafari(ua: string): boolean {
  const ios = /iPhone|iPad|iPod/i.test(ua);
  const safari = /Version\/[\d.]+.*Safari/i.test(ua);
  const inApp = /\bLine\/|FBAN|FBAV|Instagram|MicroMessenger|CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(ua);
  return ios && safari && !inApp;
}

/** Counts browser sessions in localStorage; returns the count including this one. */
function visitCount(): number {
  let n = Number(localStorage.getItem(VISITS) ?? 0) || 0;
  if (!sessionStorage.getItem(SESSION)) {
    sessionStorage.setItem(SESSION, '1');
    n += 1;
    localStorage.setItem(VISITS, String(n));
  }
  return n;
}

/**
 * The add-to-home-screen hint (issue 5): iOS Safari, not yet installed (standalone), not
 * closed before, and from the second visit on.
 */
export function shouldHintInstall(): boolean {
  try {
    const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
    const visits = visitCount();
    return isIosSafari(navigator.userAgent) && !standalone && localStorage.getItem(DISMISSED) !== '1' && visits >= HINT_FROM_VISIT;
  } catch {
    return false;
  }
}

/** The visitor closed the hint: never again on this browser. */
export function dismissInstallHint(): void {
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    // Not stored: it shows again next visit.
  }
}
