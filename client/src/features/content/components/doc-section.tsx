import type { ReactNode } from 'react';
import { Prose } from '../../../components/prose';

/** One titled section of a content page, an anchor target (`/about/#cache`). */
export function DocSection({
  id,
  title,
  body,
  children,
}: {
  id: string;
  title: string;
  body?: string;
  children?: ReactNode;
}) {
  return (
    <section className="doc-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="doc-section__title">
        {title}
      </h2>
      {body && <Prose text={body} />}
      {children}
    </section>
  );
}
