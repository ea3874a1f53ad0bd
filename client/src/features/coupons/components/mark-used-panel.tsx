import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatSyncTime } from '../../../components/offline-time';
import { Spinner } from '../../../components/spinner';
import { StampSeal } from '../../../components/stamp-seal';
import { paths, useLocalePath } from '../../../lib/paths';
import type { MarkUsedState, PressWith } from '../hooks/use-mark-used';
import { useLocale, useT, useDeferredT } from '../../../lib/i18n';
import { LocationHelp } from './location-help';
import { NearbyStatus } from './nearby-status';
import { StoreCodeDialog } from './store-code-dialog';

/**
 * The action area at the foot of a coupon: whether a usable shop is near, the spec 4 notice
 * and the 'mark as used' button; 'pending' while a press waits for the network (issue 5);
 * then 'coupon used' with the stamp earned. When location is refused: how to allow it, and
 * the store code entry.
 *
 * Spec 5: a press always answers. One message at a time above the button: the press's own
 * answer (an error, or location refused) replaces the nearby status rather than repeating it,
 * and a position that cannot be read offers the store code. The panel sticks to the foot of
 * the screen but never takes more than part of it (its text scrolls, the button stays), so
 * the coupon's title and discount stay in view. A store code's answer shows in its sheet.
 *
 * Opened from a shop's printed QR code (`qrCode`, issue 11), the press sends that code as the
 * store code instead of the position; if the code is refused, the position can be used instead.
 */
export function MarkUsedPanel({
  couponId,
  state,
  usedToday,
  onPress,
  qrCode,
}: {
  couponId: number;
  state: MarkUsedState;
  usedToday: boolean;
  onPress: (how?: PressWith) => void;
  /** The check-in code of the shop QR code the coupon was opened from. */
  qrCode?: string;
}) {
  const t = useT();
  const v = useDeferredT();
  const locale = useLocale();
  const to = useLocalePath();
  const resultRef = useRef<HTMLDivElement>(null);
  const used = state.phase === 'used' || (usedToday && state.phase === 'idle');
  const working = state.phase === 'locating' || state.phase === 'sending';
  const [denied, setDenied] = useState(false);
  const [deniedPresses, setDeniedPresses] = useState(0);
  const [codeOpen, setCodeOpen] = useState(false);
  const onDenied = useCallback(() => setDenied(true), []);
  const bodyRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const pressButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.phase === 'used' || state.phase === 'pending') resultRef.current?.focus();
    if (state.phase === 'signedIn') pressButton.current?.focus();
    if (state.phase === 'denied') {
      setDenied(true);
      setDeniedPresses((n) => n + 1);
    }
    if (state.phase === 'used' || state.phase === 'pending') setCodeOpen(false);
  }, [state.phase]);

  // A press answered with an error: scroll the panel's text to it (not the page).
  const pressError =
    state.phase === 'error' && (state.via !== 'code' || (qrCode !== undefined && !codeOpen)) ? state.message : null;
  useEffect(() => {
    if (pressError && bodyRef.current && errorRef.current) bodyRef.current.scrollTop = errorRef.current.offsetTop;
  }, [pressError]);

  if (state.phase === 'pending') {
    return (
      <div className="action action--pending" ref={resultRef} tabIndex={-1} role="status" data-testid="coupon-pending">
        <div className="action__done-head">
          <span className="action__pending-icon" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            >
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
          </span>
          <div>
            <p className="action__pending-title">{t('coupons.pendingTitle')}</p>
            {state.pressedAt && (
              <p className="action__done-sub">
                {t('coupons.pendingPressedAt', { time: formatSyncTime(Date.parse(state.pressedAt), locale) })}
              </p>
            )}
            <p className="action__done-sub">{t('coupons.pendingNote')}</p>
          </div>
        </div>
      </div>
    );
  }

  if (used) {
    const stamp = state.result?.stamp ?? null;
    const spot = state.result?.redemption.spotName;
    return (
      <div className="action action--done" ref={resultRef} tabIndex={-1} role="status" data-testid="coupon-used">
        <div className="action__done-head">
          <span className="action__check" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <div>
            <p className="action__done-title">{t('coupons.used')}</p>
            {spot && <p className="action__done-sub">{t('coupons.usedAt', { spot })}</p>}
            {!state.result && <p className="action__done-sub">{state.message ?? t('coupons.usedTodayNote')}</p>}
          </div>
        </div>
        {state.result && (
          <div className="earned">
            {stamp ? (
              <>
                <StampSeal kind={stamp.kind} size="sm" tilt={-8}>
                  <span className="seal__value">{t('coupons.stampValue', { value: stamp.value })}</span>
                </StampSeal>
                <p className="earned__text" data-testid="stamp-earned">
                  {t('coupons.stampEarned', { kind: t(`stampKinds.${stamp.kind}`) })}
                </p>
              </>
            ) : (
              <p className="earned__text muted">{t('coupons.noStamp')}</p>
            )}
          </div>
        )}
        <Link className="btn btn--primary btn--block btn--lg" to={to(paths.stamps(stamp?.campaignId))}>
          {t('coupons.toStamps')}
        </Link>
      </div>
    );
  }

  const openStoreCode = () => setCodeOpen(true);
  // No position, or one the server found too far (GPS drifts indoors): the shop's code instead.
  const offerStoreCode =
    state.code === 'GEOLOCATION_UNAVAILABLE' || state.code === 'GEOLOCATION_TIMEOUT' || state.code === 'NOT_NEARBY';
  return (
    <div className="action action--press">
      <div className="action__body" ref={bodyRef}>
        {state.phase === 'signedIn' && (
          <p className="alert alert--info" role="status" data-testid="signed-in-ask-again">
            {t('coupons.signedInAskAgain')}
          </p>
        )}
        {qrCode !== undefined && !pressError && state.via !== 'gps' ? (
          <p className="alert alert--info action__qr-note" data-testid="qr-note">
            {v('spotQr.detailNote')}
          </p>
        ) : denied ? (
          <LocationHelp pressed={deniedPresses} onStoreCode={openStoreCode} />
        ) : (
          <NearbyStatus couponId={couponId} onDenied={onDenied} quiet={pressError !== null} />
        )}
        {pressError && (
          <div className="action__error" ref={errorRef}>
            <p className="alert alert--error" role="alert" data-testid="mark-used-error">
              {pressError}
            </p>
            {qrCode !== undefined && state.code === 'STORE_CODE_INVALID' && (
              <button type="button" className="btn btn--outline btn--block" onClick={() => onPress({ kind: 'gps' })}>
                {v('spotQr.useLocation')}
              </button>
            )}
            {offerStoreCode && !denied && (
              <button type="button" className="btn btn--outline btn--block" onClick={openStoreCode}>
                {v('location.useStoreCode')}
              </button>
            )}
          </div>
        )}
        <p className="action__notice">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M10 5.5v5.5M10 13.8v.4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span>{t('coupons.notice')}</span>
        </p>
      </div>
      <StoreCodeDialog
        open={codeOpen}
        busy={state.via === 'code' && state.phase === 'sending'}
        error={state.via === 'code' && state.phase === 'error' && codeOpen ? state.message : null}
        onClose={() => setCodeOpen(false)}
        onSubmit={(code) => onPress({ kind: 'code', code })}
      />
      <button
        ref={pressButton}
        type="button"
        className="btn btn--primary btn--xl btn--block"
        onClick={() => onPress(qrCode !== undefined ? { kind: 'code', code: qrCode } : { kind: 'gps' })}
        disabled={working}
        aria-busy={working}
      >
        {working && <Spinner />}
        {state.phase === 'locating'
          ? t('coupons.locating')
          : state.phase === 'sending'
            ? t('coupons.sending')
            : t('coupons.markUsed')}
      </button>
    </div>
  );
}
