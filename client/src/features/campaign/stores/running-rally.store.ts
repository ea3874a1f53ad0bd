import { create } from 'zustand';
import type { Campaign } from '@contracts/campaigns';
import { currentLocale } from '../../../lib/i18n';
import { afterFirstView } from '../../../lib/offline-status';
import { readPrerendered, useServerRender } from '../../../lib/prerender';
import { fetchRunningCampaign } from '../api/campaign.api';

const offlineStore = () => import('../../../lib/offline-store');

/** Saves the answer for offline use, after the first view (IndexedDB loads after it). */
function saveCopy(campaign: Campaign | null): void {
  const copyId = `campaign:running:${currentLocale()}`;
  afterFirstView(
    () =>
      void offlineStore().then(
        (m) => m.putSnapshot(copyId, campaign),
        () => undefined,
      ),
  );
}

/** The state to start from: the server-rendered page's answer, else nothing asked yet. */
function fromServer(): Pick<RunningRallyState, 'status' | 'campaign'> {
  const rally = readPrerendered()?.runningRally;
  if (rally === undefined) return { status: 'idle', campaign: null };
  saveCopy(rally);
  return { status: 'ready', campaign: rally };
}

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
  // A server-rendered page came with the answer (issue 5).
  ...fromServer(),
  load: async () => {
    const { status } = get();
    if (status === 'loading' || status === 'ready') return;
    set({ status: 'loading' });
    // Issue 5: saved for offline use (IndexedDB loads after the first view), so with no
    // network the menu still offers my stamps.
    const copyId = `campaign:running:${currentLocale()}`;
    try {
      const campaign = await fetchRunningCampaign();
      set({ status: 'ready', campaign });
      saveCopy(campaign);
    } catch {
      const copy = await offlineStore().then(
        (m) => m.getSnapshot<Campaign | null>(copyId),
        () => null,
      );
      set(copy ? { status: 'ready', campaign: copy.data } : { status: 'error' });
    }
  },
}));

/** The running rally's id (the header and menu link to it), also in a server-side render. */
export function useRunningRallyId(): number | undefined {
  const server = useServerRender();
  const id = useRunningRally((s) => s.campaign?.id);
  return server?.runningRally !== undefined ? server.runningRally?.id : id;
}
