import { create } from 'zustand';
import type { Campaign } from '../../../../../server/src/contracts/campaigns';
import { currentLocale } from '../../../lib/i18n';
import { afterFirstView } from '../../../lib/offline-status';
import { fetchRunningCampaign } from '../api/campaign.api';

type RunningRallyState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The stamp rally running today; null when none runs (or it could not be asked). */
  campaign: Campaign | null;
  /** Asks the server once per visit (again after a failure); the public layout calls it at start. */
  load: () => Promise<void>;
};

/**
 * Spec 2 and 7: the call at public layout start that gives the stamp-rally campaign id.
 * RALLY, MY STAMPS and PRESENT show in the menu only while it is known.
 */
export const useRunningRally = create<RunningRallyState>()((set, get) => ({
  status: 'idle',
  campaign: null,
  load: async () => {
    const { status } = get();
    if (status === 'loading' || status === 'ready') return;
    set({ status: 'loading' });
    // Issue 5: saved for offline use (IndexedDB loads after the first view), so with no
    // network the menu still offers my stamps.
    const copyId = `campaign:running:${currentLocale()}`;
    const offlineStore = () => import('../../../lib/offline-store');
    try {
      const campaign = await fetchRunningCampaign();
      set({ status: 'ready', campaign });
      afterFirstView(() => void offlineStore().then((m) => m.putSnapshot(copyId, campaign), () => undefined));
    } catch {
      const copy = await offlineStore().then(
        (m) => m.getSnapshot<Campaign | null>(copyId),
        () => null,
      );
      set(copy ? { status: 'ready', campaign: copy.data } : { status: 'error' });
    }
  },
}));
