import { useEffect, useId, useRef } from 'react';
import type { StampBalance } from '@contracts/stamps';
import type { VisitorPrize } from '@contracts/prizes';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { usePrizesT } from '../../../lib/prizes-messages';

export type ConfirmState = {
  prize: VisitorPrize;
  /** One Idempotency-Key per confirm step: a retry after a lost answer sends the same key. */
  key: string;
  phase: 'idle' | 'sending' | 'error';
  message?: string;
  /** The answer says for sure that nothing was spent (a refusal; not a lost answer). */
  nothingSpent?: boolean;
  /** The server's final answer (out of stock, not enough stamps, ...): trying again cannot help. */
  final?: boolean;
};

/**
 * The confirm step of an application (issue 12): the prize, the stamp points it spends and the
 * balance after, then 'spend stamps and apply'. Stays open while sending and on failure, with
 * the reason above the button; the parent closes it on success.
 */
export function ConfirmSheet({
  state,
  balance,
  onSubmit,
  onClose,
}: {
  state: ConfirmState | null;
  balance: StampBalance | null;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const p = usePrizesT();
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = state !== null;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const busy = state?.phase === 'sending';
  const close = () => {
    if (!busy) onClose();
  };
  const n = (v: number) => p('screen.points', { points: formatNumber(v, locale) });
  return (
    <dialog
      ref={dialog}
      className="sheet"
      aria-labelledby={titleId}
      data-testid="prize-confirm"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      {state && (
        <div className="sheet__body" aria-busy={busy}>
          <button type="button" className="sheet__close" aria-label={t('common.close')} onClick={close}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <h2 className="confirm__title" id={titleId}>
            {p('screen.confirm.title')}
          </h2>
          <dl className="confirm__facts">
            <div className="confirm__row confirm__row--prize">
              <dt>{p('screen.confirm.prize')}</dt>
              <dd data-testid="confirm-prize">{state.prize.name}</dd>
            </div>
            <div className="confirm__row">
              <dt>{p('screen.confirm.spend')}</dt>
              <dd data-testid="confirm-spend">{n(state.prize.stampsNeeded)}</dd>
            </div>
            {balance && (
              <div className="confirm__row confirm__row--after">
                <dt>{p('screen.confirm.after')}</dt>
                <dd data-testid="confirm-after">
                  <span className="confirm__before">{n(balance.left)}</span>
                  <span aria-hidden="true"> → </span>
                  <strong>{n(balance.left - state.prize.stampsNeeded)}</strong>
                </dd>
              </div>
            )}
          </dl>
          <p className="confirm__note">
            {state.prize.kind === 'lottery' ? p('screen.confirm.lotteryNote') : p('screen.confirm.exchangeNote')}
          </p>
          {state.phase === 'error' && state.message && (
            <p className="alert alert--error" role="alert" data-testid="apply-error">
              {state.message}
              {state.nothingSpent && <span className="confirm__spent">{p('screen.nothingSpent')}</span>}
            </p>
          )}
          {state.final ? (
            <button type="button" className="btn btn--outline btn--lg btn--block" onClick={close}>
              {t('common.close')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="btn btn--primary btn--xl btn--block"
                onClick={onSubmit}
                disabled={busy}
                aria-busy={busy}
              >
                {busy && <Spinner />}
                {busy
                  ? p('screen.confirm.sending')
                  : state.phase === 'error'
                    ? p('screen.confirm.retry')
                    : p('screen.confirm.submit')}
              </button>
              <button type="button" className="btn btn--ghost btn--lg btn--block" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </button>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
