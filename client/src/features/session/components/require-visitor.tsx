import type { ReactNode } from 'react';
import { useSignedIn } from '../../../lib/auth-token';
import { SignInPanel } from './sign-in-panel.lazy';

/** Shows `children` to a signed-in visitor, the sign-in panel in their place otherwise. */
export function RequireVisitor({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  if (signedIn) return <>{children}</>;
  return (
    <section className="page page--narrow">
      <div className="card card--padded">
        <SignInPanel onSignedIn={() => undefined} level={1} />
      </div>
    </section>
  );
}
