import { create } from 'zustand';
import { formatNumber } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';

type PointDisplayState = { points: number | null; setPoints: (points: number | null) => void };

/**
 * Spec 2: the header can show a point display. A screen that knows the visitor's points
 * (the points screens of a later issue) sets them here; null hides the display.
 */
export const usePointDisplay = create<PointDisplayState>()((set) => ({
  points: null,
  setPoints: (points) => set({ points }),
}));

/** The header's points pill, shown only while some screen has set the points. */
export function PointDisplay() {
  const t = useT();
  const locale = useLocale();
  const points = usePointDisplay((s) => s.points);
  if (points === null) return null;
  return (
    <p className="point-pill" data-testid="point-display">
      <span className="visually-hidden">{t('header.pointsLabel')}</span>
      {t('header.points', { points: formatNumber(points, locale) })}
    </p>
  );
}
