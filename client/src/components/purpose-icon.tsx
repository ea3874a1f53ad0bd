import type { Purpose } from '@contracts/common';

const PATHS: Record<Purpose, string> = {
  gourmet: 'M4 12.5h16a8 8 0 0 1-16 0z M13 3.5l-3.5 6.5 M18.5 4l-6 6 M9 20.5h6',
  spa: 'M4.5 15.5c0 2.5 3.4 4.5 7.5 4.5s7.5-2 7.5-4.5 M7.5 12c-1.2-1.6 1.2-2.6 0-4.5 M12 11c-1.2-1.6 1.2-2.6 0-4.5 M16.5 12c-1.2-1.6 1.2-2.6 0-4.5 M4.5 15.5c0-1.3 1-2.4 2.5-3.1 M19.5 15.5c0-1.3-1-2.4-2.5-3.1',
  experience: 'M2.5 19.5l6-9.5 3.5 5 2.5-3.5 7 8z M8.5 10l1.5 2.3 M17 4.5a2 2 0 1 1 0 .1',
  lodging: 'M3 19V7 M3 14.5h18V19 M21 14.5v-2a3 3 0 0 0-3-3h-7.5v5 M6.8 12.2a1.6 1.6 0 1 0 0-.1',
  souvenir:
    'M4.5 11h15v9h-15z M3.5 7.5h17V11h-17z M12 7.5V20 M12 7.5c-1.5-3.5-5-3.5-5-1.5 0 1.3 2.5 1.5 5 1.5 M12 7.5c1.5-3.5 5-3.5 5-1.5 0 1.3-2.5 1.5-5 1.5',
  shopping: 'M5 8.5h14l-1.2 11.5H6.2z M9 8.5V7a3 3 0 0 1 6 0v1.5',
  traffic:
    'M7 3.5h10a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1-2.5 2.5H7A2.5 2.5 0 0 1 4.5 15V6A2.5 2.5 0 0 1 7 3.5z M4.5 10.5h15 M8 14.2h.1 M16 14.2h.1 M8.5 17.5L7 20.5 M15.5 17.5l1.5 3',
};

/** A line icon for a coupon purpose (no external images). */
export function PurposeIcon({ purpose, size = 24 }: { purpose: Purpose; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[purpose]} />
    </svg>
  );
}
