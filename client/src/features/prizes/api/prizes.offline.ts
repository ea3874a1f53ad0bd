import type { ApplyResult } from '@contracts/prizes';
import type { Locale } from '../../../lib/i18n';
import { updateSnapshot } from '../../../lib/offline-store';
import { currentOwner } from '../../../lib/offline-status';
import { readThrough } from '../../../lib/offline-sync';
import { fetchPrizes, type PrizeList } from './prizes.api';

/**
 * The prize list's offline copy (issue 12): per visitor (their states and balance; signed out:
 * the public list), rally and language, in lib/offline-store as My stamps keeps its copy.
 */
export const prizesCopyId = (locale: Locale, campaignId: number | undefined) =>
  `prizes:${locale}:${campaignId ?? 'current'}`;

export type PrizesRead = { data: PrizeList; savedAt: number | null };

/**
 * The prize list from the network (then saved for this visitor), else the saved copy with
 * the time it was saved.
 * @throws ClientError NETWORK (offline, nothing saved) and the API's errors
 */
export function loadPrizes(campaignId: number | undefined, locale: Locale): Promise<PrizesRead> {
  return readThrough({
    id: prizesCopyId(locale, campaignId),
    owner: currentOwner(),
    load: () => fetchPrizes(campaignId),
  });
}

/** The list after an application: that prize applied, its stock and the balance as answered. */
export function withApplication(list: PrizeList, result: ApplyResult): PrizeList {
  const { prizeId, ...application } = result.application;
  return {
    ...list,
    balance: result.balance,
    prizes: list.prizes.map((p) => {
      if (p.id === prizeId)
        return { ...p, state: 'applied', missingStamps: null, application, stockLeft: result.stockLeft };
      // The others the visitor could apply for, or was short for: by the balance left now.
      if (p.state === 'canApply' || p.state === 'notEnough') {
        const missing = p.stampsNeeded - result.balance.left;
        return missing > 0
          ? { ...p, state: 'notEnough', missingStamps: missing }
          : { ...p, state: 'canApply', missingStamps: null };
      }
      return p;
    }),
  };
}

/** Keeps the saved copies (this rally by id and as the running one) in step with an application. */
export async function rememberApplication(
  locale: Locale,
  campaignIds: Array<number | undefined>,
  result: ApplyResult,
): Promise<void> {
  const owner = currentOwner();
  for (const id of campaignIds)
    await updateSnapshot<PrizeList>(prizesCopyId(locale, id), owner, (list) =>
      list.prizes.some((p) => p.id === result.application.prizeId) ? withApplication(list, result) : list,
    );
}
