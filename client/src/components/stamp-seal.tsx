import type { ReactNode } from 'react';
import type { StampKind } from '@contracts/stamps';

/** A round inked seal, red or gold, like a hanko stamp on a paper card. */
export function StampSeal({
  kind,
  children,
  size = 'md',
  tilt = 0,
  label,
}: {
  kind: StampKind;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  tilt?: number;
  label?: string;
}) {
  return (
    <div
      className={`seal seal--${kind} seal--${size}`}
      style={{ rotate: `${tilt}deg` }}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      <div className="seal__ring">{children}</div>
    </div>
  );
}
