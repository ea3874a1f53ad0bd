/**
 * The coupon being edited, kept in localStorage so a reload or a lost connection does not
 * lose unsaved edits: one entry per coupon (`admin.couponDraft.new`, `admin.couponDraft.12`).
 * Spec 2: logout clears the stored coupon value, so the next person at a shared PC never
 * sees it.
 */
export const COUPON_DRAFT_PREFIX = 'admin.couponDraft.';

export function readCouponDraft<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(COUPON_DRAFT_PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeCouponDraft(key: string, value: unknown): void {
  try {
    localStorage.setItem(COUPON_DRAFT_PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the form still works, only without a kept draft.
  }
}

export function removeCouponDraft(key: string): void {
  try {
    localStorage.removeItem(COUPON_DRAFT_PREFIX + key);
  } catch {
    // Nothing kept.
  }
}

/** Removes every kept coupon draft (logout). */
export function clearCouponDrafts(): void {
  try {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = store.length - 1; i >= 0; i--) {
        const key = store.key(i);
        if (key?.startsWith(COUPON_DRAFT_PREFIX)) store.removeItem(key);
      }
    }
  } catch {
    // Storage blocked: nothing was kept.
  }
}
