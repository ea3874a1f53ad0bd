import type { ReactNode } from 'react';
import './delayed.css';

/** Spec 9: fetch minimum delay; a loading indicator appears only when loading takes longer. */
export const INDICATOR_DELAY_MS = 200;

/**
 * A loading indicator that stays invisible for its first INDICATOR_DELAY_MS, so a fast load
 * never flashes it. It keeps its space from the start, so nothing shifts when it appears.
 */
export function Delayed({
  children,
  className = '',
  ...rest
}: {
  children: ReactNode;
  className?: string;
  role?: string;
  'aria-live'?: 'polite';
}) {
  return (
    <div className={`delayed ${className}`.trim()} {...rest}>
      {children}
    </div>
  );
}
