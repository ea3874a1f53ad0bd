const DISMISSED = 'passport.installHint';
export const FIRST_VISIT = 'passport.firstVisit';
/** Shown to a visitor who comes back this long after the first visit, never on the first one. */
export const HINT_AFTER_MS = 6 * 3600 * 1000;

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

/** Epoch ms of the first visit on this browser (recorded now if this is it). */
function firstVisit(now: number): number {
  const seen = Number(localStorage.getItem(FIRST_VISIT));
  if (Number.isFinite(seen) && seen > 0) return seen;
  localStorage.setItem(FIRST_VISIT, String(now));
  return now;
}

/**
 * The add-to-home-screen hint (issue 5): iOS Safari, not yet installed (standalone), not
 * closed before, for a visitor who came back at least HINT_AFTER_MS after the first visit.
 */
export function shouldHintInstall(now = Date.now()): boolean {
  try {
    const standalone =
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true;
    const returning = now - firstVisit(now) >= HINT_AFTER_MS;
    return isIosSafari(navigator.userAgent) && !standalone && localStorage.getItem(DISMISSED) !== '1' && returning;
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
