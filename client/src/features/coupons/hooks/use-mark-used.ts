import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MarkUsedResult } from '@contracts/coupons';
import { ApiError } from '../../../lib/api-client';
import { readToken } from '../../../lib/auth-token';
import { ClientError, messageOf } from '../../../lib/errors';
import { currentPosition } from '../../../lib/geolocation';
import { currentLocale, useLocale } from '../../../lib/i18n';
import type { OutboxItem } from '../../../lib/offline-store';
import { looksOffline, noteNetworkFailure, tokenSubject, useOfflineStore, useOwner } from '../../../lib/offline-status';
import { dismissOutcomes, enqueue } from '../../../lib/offline-sync';
import { randomId } from '../../../lib/random-id';
import { useRequireSignIn } from '../../../lib/sign-in';
import { markCouponUsed, markUsedBody, markUsedPath, type MarkUsedBody } from '../api/coupons.api';
import { rememberUsedToday } from '../api/coupons.offline';

export type MarkUsedPhase = 'idle' | 'locating' | 'sending' | 'used' | 'error' | 'denied' | 'pending' | 'signedIn';
export type MarkUsedState = {
  phase: MarkUsedPhase;
  /** The redemption and stamp when this press marked it used. */
  result: MarkUsedResult | null;
  /** Shown with the used state (already used today) or the error state. */
  message: string | null;
  /** error: its stable code (errors.<code>), e.g. GEOLOCATION_TIMEOUT or STORE_CODE_INVALID. */
  code?: string;
  /** How this press proved presence, so a store code's answer is shown in the store code sheet. */
  via?: PressWith['kind'];
  /** pending: when the visitor pressed (ISO 8601). */
  pressedAt?: string;
};

/** How the visitor proves being at the shop: the phone's position, or the shop's check-in code. */
export type PressWith = { kind: 'gps' } | { kind: 'code'; code: string };

const FRESH_OUTCOME_MS = 12 * 3600 * 1000;

/**
 * Spec 4 'mark as used' (issues 2 and 5): sign in if needed, prove presence (the phone's
 * position with the spec 9 options, or the store code when location is refused), then
 * PUT /api/coupons/qr/{id} with one idempotency key per press. A press that needed the
 * sign-in panel sends nothing: once signed in the visitor is asked to press again
 * ('signedIn'), since a use cannot be undone and may no longer be meant (issue 11).
 *
 * Offline (or the network already failing) the press goes to the queue in IndexedDB with
 * its key, position, accuracy and `usedAt` = the time pressed, and the coupon shows
 * 'pending'; it is sent when the network is back (lib/offline-sync, the service worker).
 * A press whose request fails on the way, or is answered 503 (the database cannot answer
 * now), is queued exactly as it was sent (same key, same body), so if it did arrive its
 * replay answers the same and changes nothing.
 *
 * The state shown combines this press with the queue (a press from an earlier visit still
 * waiting) and the answers to replayed presses (done: used with its stamp; refused: the
 * server's reason).
 */
export function useMarkUsed(couponId: number, couponTitle: string, givesGold: boolean) {
  const requireSignIn = useRequireSignIn();
  const locale = useLocale();
  const owner = useOwner();
  const [state, setState] = useState<MarkUsedState>({ phase: 'idle', result: null, message: null });
  const busy = useRef(false);
  const mountedAt = useRef(Date.now());

  const pending = useOfflineStore((s) => s.pending.find((p) => p.ref.couponId === couponId && p.owner === owner));
  const outcomes = useOfflineStore((s) => s.outcomes);
  const outcome = useMemo(() => {
    const mine = outcomes.filter((o) => o.ref.couponId === couponId && o.owner === owner);
    const last = mine[mine.length - 1];
    if (!last) return null;
    // An answer the visitor has not seen yet, or one that arrived while this screen is open.
    const fresh = !last.seen || Date.parse(last.at) >= mountedAt.current - 1000;
    return fresh && Date.now() - Date.parse(last.at) < FRESH_OUTCOME_MS ? last : null;
  }, [outcomes, couponId, owner]);

  // Shown here: the notice about it is no longer needed.
  useEffect(() => {
    if (outcome && !outcome.seen) void dismissOutcomes([outcome.key]);
    if (outcome?.status === 'done') void rememberUsedToday(couponId, locale, outcome.owner);
  }, [outcome, couponId, locale]);

  const press = useCallback(
    async (how: PressWith = { kind: 'gps' }) => {
      if (busy.current) return;
      busy.current = true;
      const key = randomId();
      const via = how.kind;
      try {
        const signedInBefore = readToken() !== null;
        if (!(await requireSignIn())) {
          setState({ phase: 'idle', result: null, message: null });
          return;
        }
        if (!signedInBefore) {
          setState({ phase: 'signedIn', result: null, message: null, via });
          return;
        }
        let presence: Parameters<typeof markUsedBody>[0];
        if (how.kind === 'gps') {
          setState({ phase: 'locating', result: null, message: null, via });
          try {
            presence = await currentPosition();
          } catch (err) {
            if (err instanceof ClientError && err.code === 'GEOLOCATION_DENIED') {
              setState({ phase: 'denied', result: null, message: err.message, code: err.code, via });
              return;
            }
            throw err;
          }
        } else {
          presence = { checkInCode: how.code.replace(/\s+/g, '').toUpperCase() };
        }
        const pressedAt = new Date().toISOString();
        const token = readToken();
        const queue = async (body: MarkUsedBody) => {
          const item: Omit<OutboxItem, 'id' | 'attempts' | 'lastTriedAt'> = {
            key,
            method: 'PUT',
            path: markUsedPath(couponId),
            body,
            locale: currentLocale(),
            owner: tokenSubject(token) ?? '',
            token: token ?? '',
            createdAt: pressedAt,
            ref: { kind: 'markUsed', couponId, title: couponTitle, givesGold },
          };
          await enqueue(item);
          setState({ phase: 'pending', result: null, message: null, pressedAt, via });
        };

        if (looksOffline()) {
          // Judged later by the JST day and rally of the press, not of the replay.
          await queue(markUsedBody(presence, pressedAt));
          return;
        }
        const body = markUsedBody(presence);
        setState({ phase: 'sending', result: null, message: null, via });
        let result: MarkUsedResult;
        try {
          try {
            result = await markCouponUsed(couponId, body, key);
          } catch (err) {
            // An expired token was just cleared: sign in again, then ask again (nothing sent meanwhile).
            if (!(err instanceof ApiError && err.status === 401)) throw err;
            setState({ phase: (await requireSignIn()) ? 'signedIn' : 'idle', result: null, message: null, via });
            return;
          }
        } catch (err) {
          // No network, or a server that cannot answer now (503: database unavailable): the
          // press waits in the queue, which sends it again with the same key.
          if (err instanceof ApiError && (err.status === 0 || err.status === 503)) {
            if (err.status === 0) noteNetworkFailure();
            await queue(body);
            return;
          }
          throw err;
        }
        setState({ phase: 'used', result, message: null, via });
        void rememberUsedToday(couponId, locale, tokenSubject(readToken()));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ALREADY_USED_TODAY') {
          setState({ phase: 'used', result: null, message: err.message, via });
        } else {
          const code = err instanceof ClientError ? err.code : 'INTERNAL';
          setState({ phase: 'error', result: null, message: messageOf(err), code, via });
        }
      } finally {
        busy.current = false;
      }
    },
    [couponId, couponTitle, givesGold, locale, requireSignIn],
  );

  // What to show: this press while it runs; else a press still queued; else a replay's answer.
  let shown: MarkUsedState = state;
  const active =
    state.phase === 'locating' || state.phase === 'sending' || state.phase === 'used' || state.phase === 'denied';
  if (!active && pending) {
    shown = { phase: 'pending', result: null, message: null, pressedAt: pending.createdAt };
  } else if (!active && outcome) {
    if (outcome.status === 'done') shown = { phase: 'used', result: outcome.data as MarkUsedResult, message: null };
    else if (outcome.code === 'ALREADY_USED_TODAY') shown = { phase: 'used', result: null, message: outcome.message };
    else
      shown = {
        phase: 'error',
        result: null,
        message: outcome.message ?? outcome.code,
        code: outcome.code ?? undefined,
      };
  } else if (state.phase === 'pending') {
    // Sent meanwhile by another tab or the service worker, and its answer already seen.
    shown = { phase: 'idle', result: null, message: null };
  }
  return { ...shown, press, retry: () => setState({ phase: 'idle', result: null, message: null }) };
}
