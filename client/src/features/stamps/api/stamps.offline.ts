import type { MarkUsedResult } from '@contracts/coupons';
import type { StampList } from '@contracts/stamps';
import type { Locale } from '../../../lib/i18n';
import type { Outcome } from '../../../lib/offline-store';
import { currentOwner } from '../../../lib/offline-status';
import { readThrough } from '../../../lib/offline-sync';
import { fetchMyStamps } from './stamps.api';

/** My stamps' offline copy (issue 5): per visitor, rally and language, in lib/offline-store. */
export const stampsCopyId = (locale: Locale, campaignId: number | undefined) =>
  `stamps:${locale}:${campaignId ?? 'current'}`;

export type StampsRead = { data: StampList; savedAt: number | null };

/**
 * My stamps from the network (then saved for this visitor), else the saved copy with the
 * time it was saved. The copy also shows stamps earned by presses replayed since it was saved.
 * @throws ClientError NETWORK (offline, nothing saved) and the API's errors
 */
export async function loadMyStamps(
  campaignId: number | undefined,
  locale: Locale,
  outcomes: Outcome[],
): Promise<StampsRead> {
  const owner = currentOwner();
  const r = await readThrough({ id: stampsCopyId(locale, campaignId), owner, load: () => fetchMyStamps(campaignId) });
  return r.savedAt === null ? r : { data: withReplayed(r.data, outcomes, owner), savedAt: r.savedAt };
}

/** Adds to a saved card the stamps that replayed presses earned in its rally (and to its balance). */
export function withReplayed(list: StampList, outcomes: Outcome[], owner: string | null): StampList {
  if (!list.campaign) return list;
  const have = new Set(list.stamps.map((s) => s.id));
  const extra = outcomes
    .filter((o) => o.status === 'done' && o.owner === owner)
    .map((o) => (o.data as MarkUsedResult | null)?.stamp)
    .filter((s): s is NonNullable<typeof s> => Boolean(s) && s!.campaignId === list.campaign!.id && !have.has(s!.id));
  if (extra.length === 0) return list;
  const stamps = [...extra.reverse(), ...list.stamps];
  const red = stamps.filter((s) => s.kind === 'red').length;
  const gold = stamps.filter((s) => s.kind === 'gold').length;
  const total = stamps.reduce((n, s) => n + s.value, 0);
  // A copy saved before the balance existed has none: nothing spent that it knows of.
  const spent = list.balance?.spent ?? 0;
  return { ...list, stamps, red, gold, total, balance: { earned: total, spent, left: total - spent } };
}
