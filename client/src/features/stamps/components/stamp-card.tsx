import type { Stamp } from '@contracts/stamps';
import { StampSeal } from '../../../components/stamp-seal';
import { formatShortDate } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

/** Slots per row of the card; empty slots fill the last row and show what is left to collect. */
const PER_ROW = 3;
const MIN_SLOTS = 9;

// A little irregular tilt per stamp, stable across renders, so the card looks hand-stamped.
const tiltOf = (id: number) => ((id * 37) % 17) - 8;

/** The stamp card: one seal per stamp, oldest first, then empty slots. */
export function StampCard({ stamps }: { stamps: Stamp[] }) {
  const t = useT();
  const locale = useLocale();
  const ordered = [...stamps].reverse();
  const slots = Math.max(MIN_SLOTS, Math.ceil((ordered.length + 1) / PER_ROW) * PER_ROW);
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
              label={t('stamps.stampLabel', { kind, spot: s.spotName, date })}
            >
              <span className="seal__spot">{s.spotName}</span>
              <span className="seal__date">{date}</span>
            </StampSeal>
          </li>
        );
      })}
      {Array.from({ length: slots - ordered.length }, (_, i) => (
        <li key={`empty-${i}`} className="stamp-slot stamp-slot--empty" aria-hidden="true">
          <span className="stamp-slot__hole">{ordered.length + i + 1}</span>
        </li>
      ))}
    </ol>
  );
}
