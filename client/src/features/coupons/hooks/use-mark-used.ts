import { useCallback, useRef, useState } from 'react';
import type { MarkUsedResult } from '../../../../../server/src/contracts/coupons';
import { ApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/errors';
import { currentPosition } from '../../../lib/geolocation';
import { randomId } from '../../../lib/random-id';
import { useRequireSignIn } from '../../../lib/sign-in';
import { markCouponUsed } from '../api/coupons.api';

export type MarkUsedPhase = 'idle' | 'locating' | 'sending' | 'used' | 'error';
export type MarkUsedState = {
  phase: MarkUsedPhase;
  /** The redemption and stamp when this press marked it used. */
  result: MarkUsedResult | null;
  /** Shown with the used state (already used today) or the error state. */
  message: string | null;
};

/**
 * Spec 4 'mark as used': sign in if needed, read the phone's position (spec 9 options),
 * then PUT /api/coupons/qr/{id} with one idempotency key per press, so a retry within the
 * press (after a refused token) cannot count twice.
 */
export function useMarkUsed(couponId: number) {
  const requireSignIn = useRequireSignIn();
  const [state, setState] = useState<MarkUsedState>({ phase: 'idle', result: null, message: null });
  const busy = useRef(false);

  const press = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    const key = randomId();
    try {
      if (!(await requireSignIn())) {
        setState({ phase: 'idle', result: null, message: null });
        return;
      }
      setState({ phase: 'locating', result: null, message: null });
      const at = await currentPosition();
      setState({ phase: 'sending', result: null, message: null });
      let result: MarkUsedResult;
      try {
        result = await markCouponUsed(couponId, at, key);
      } catch (err) {
        // An expired token was just cleared: sign in again and send the same attempt.
        if (!(err instanceof ApiError && err.status === 401 && (await requireSignIn()))) throw err;
        result = await markCouponUsed(couponId, at, key);
      }
      setState({ phase: 'used', result, message: null });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ALREADY_USED_TODAY') {
        setState({ phase: 'used', result: null, message: err.message });
      } else {
        setState({ phase: 'error', result: null, message: messageOf(err) });
      }
    } finally {
      busy.current = false;
    }
  }, [couponId, requireSignIn]);

  return { ...state, press };
}
