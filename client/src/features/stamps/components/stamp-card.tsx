import type { Stamp } from '@contracts/stamps';
import { StampSeal } from '../../../components/stamp-seal';
import { formatShortDate } from '../../../lib/format';
import { useLocale, useT, useDeferredT } from '../../../lib/i18n';

/** Slots per row of the card; empty slots fill the last row and show what is left to collect. */
const PER_ROW = 3;
const MIN_SLOTS = 9;

// A little irregular tilt per stamp, stable across renders, so the card looks hand-stamped.
const tiltOf = (id: number) => ((id * 37) % 17) - 8;

/** A 'mark as used' waiting in the offline queue: the stamp it should earn, not yet given. */
export type PendingStamp = { key: string; title: string; gold: boolean };

/**
 * The stamp card: one seal per stamp, oldest first; then one dashed, unfilled seal per use
 * still waiting to be sent (gold for a lodging coupon), labelled pending; then empty slots.
 */
export function StampCard({ stamps, pending = [] }: { stamps: Stamp[]; pending?: PendingStamp[] }) {
  const t = useT();
  const v = useDeferredT();
  const locale = useLocale();
  const ordered = [...stamps].reverse();
  const filled = ordered.length + pending.length;
  const slots = Math.max(MIN_SLOTS, Math.ceil((filled + 1) / PER_ROW) * PER_ROW);
  return (
    <ol className="stamp-grid" data-testid="stamp-grid">
      {ordered.map((s) => {
        const date = formatShortDate(s.createdAt, locale);
        const kind = t(`stampKinds.${s.kind}`);
        return (
          <li key={s.id} className="stamp-slot" data-kind={s.kind}>
            <StampSeal
              kind={s.kind}
              tilt={tiltOf(s.id)}
              label={v('stamps.stampLabel', { kind, spot: s.spotName, date })}
            >
              <span className="seal__spot">{s.spotName}</span>
              <span className="seal__date">{date}</span>
            </StampSeal>
          </li>
        );
      })}
      {pending.map((p) => {
        const kind = p.gold ? 'gold' : 'red';
        return (
          <li key={p.key} className="stamp-slot" data-kind={kind} data-testid="pending-stamp">
            <div
              className={`pending-seal pending-seal--${kind}`}
              role="img"
              aria-label={v('stamps.stampLabel', {
                kind: t(`stampKinds.${kind}`),
                spot: p.title,
                date: v('stamps.pending'),
              })}
            >
              <span className="pending-seal__title">{p.title}</span>
              <span className="pending-seal__tag">{v('stamps.pending')}</span>
            </div>
          </li>
        );
      })}
      {Array.from({ length: slots - filled }, (_, i) => (
        <li key={`empty-${i}`} className="stamp-slot stamp-slot--empty" aria-hidden="true">
          <span className="stamp-slot__hole">{filled + i + 1}</span>
        </li>
      ))}
    </ol>
  );
}
