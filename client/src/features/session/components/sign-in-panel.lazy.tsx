import { lazy, type ComponentType, type ComponentProps } from 'react';
import { useT } from '../../../lib/i18n';
import type { SignInPanel as Panel } from './sign-in-panel';
import { loadDeferredMessages } from '../../../lib/deferred-load';

type Props = ComponentProps<typeof Panel>;

/** Said in the panel's place when its chunk or texts cannot load (offline before they were kept). */
function Unavailable() {
  const t = useT();
  return <p className="alert alert--error">{t('errors.CHUNK_LOAD_FAILED')}</p>;
}

/**
 * The sign-in panel and its texts (the `deferred` messages) load when it is first shown: no
 * first view shows it. Suspends meanwhile.
 */
export const SignInPanel = lazy((): Promise<{ default: ComponentType<Props> }> =>
  Promise.all([import('./sign-in-panel'), loadDeferredMessages()]).then(
    ([m]) => ({ default: m.SignInPanel }),
    () => ({ default: Unavailable }),
  ),
);
