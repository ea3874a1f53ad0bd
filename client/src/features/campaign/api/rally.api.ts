import type { z } from 'zod';
import type { Campaign, RunningCampaignResponse } from '@contracts/campaigns';
import type {
  HasActiveResponse,
  StampedUse,
  StampedUseList,
  TicketCounts,
  TicketCountsResponse,
} from '@contracts/coupon-calls';
import type { SpotCount, SpotCountResponse } from '@contracts/stamps';
import { api } from '../../../lib/api-client';
import { ClientError, errorText } from '../../../lib/errors';
import type { Locale } from '../../../lib/i18n';
import { currentOwner } from '../../../lib/offline-status';
import { readThrough } from '../../../lib/offline-sync';

/**
 * What the rally page shows: the rally (null: none runs and none was asked for), today's
 * coupons per area, and signed in (else null or empty) my stamps per area, my latest stamps
 * and how many coupons I have not used today.
 */
export type RallyView = {
  rally: Campaign | null;
  tickets: TicketCounts;
  mine: SpotCount | null;
  latest: StampedUse[];
  unusedToday: number | null;
};

/** How many of my latest stamped uses the page lists (the stamp card has them all). */
const LATEST = 3;

/**
 * The rally page's data: GET /api/coupons/get/campaign (the rally asked for, else the running
 * one), GET /api/coupons/allnum/ticket (coupons today per area) and, signed in,
 * GET /api/stamps/spotcount (my stamps per area), POST /api/coupons/get/stamp/coupon (my latest
 * stamps) and GET /api/coupons/has/coupon/active (coupons I can still use today).
 * @throws ApiError (404 CAMPAIGN_NOT_FOUND for an id that is no rally)
 */
export async function fetchRallyView(campaignId: number | undefined, signedIn: boolean): Promise<RallyView> {
  if (campaignId !== undefined && (!Number.isSafeInteger(campaignId) || campaignId <= 0))
    throw new ClientError('CAMPAIGN_NOT_FOUND', errorText('CAMPAIGN_NOT_FOUND'));
  const [rally, tickets] = await Promise.all([
    api<z.infer<typeof RunningCampaignResponse>>('/coupons/get/campaign', { query: { campaignId } }),
    api<z.infer<typeof TicketCountsResponse>>('/coupons/allnum/ticket'),
  ]);
  const id = rally.data?.id;
  const mineToo = signedIn && id !== undefined;
  const [mine, latest, active] = await Promise.all([
    mineToo ? api<z.infer<typeof SpotCountResponse>>('/stamps/spotcount', { query: { campaignId: id } }) : null,
    mineToo
      ? api<StampedUseList>('/coupons/get/stamp/coupon', {
          method: 'POST',
          body: { campaignId: id, page: 1, limit: LATEST },
        })
      : null,
    mineToo ? api<z.infer<typeof HasActiveResponse>>('/coupons/has/coupon/active') : null,
  ]);
  return {
    rally: rally.data,
    tickets: tickets.data,
    mine: mine?.data ?? null,
    latest: latest?.data ?? [],
    unusedToday: active?.data.unusedToday ?? null,
  };
}

/**
 * The rally page from the network (then saved for this visitor, rally and language), else
 * its saved copy with the time it was saved (issue 5: offline-aware).
 */
export function loadRallyView(campaignId: number | undefined, signedIn: boolean, locale: Locale) {
  return readThrough({
    id: `rally:${locale}:${campaignId ?? 'current'}:${signedIn ? 'in' : 'out'}`,
    owner: signedIn ? currentOwner() : null,
    load: () => fetchRallyView(campaignId, signedIn),
  });
}
