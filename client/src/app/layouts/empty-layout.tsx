import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

/** Spec 2's empty layout: the screen alone, centred on the page (the error page uses it). */
export function EmptyLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="empty-layout">
      <main className="empty-layout__main">{children ?? <Outlet />}</main>
    </div>
  );
}
