import type { CouponRankingList, RankingPeriod } from '@contracts/ranking';
import type { Area } from '@contracts/common';
import { api } from '../../../lib/api-client';
import type { Locale } from '../../../lib/i18n';

/** Spec 9's page size for the ranking's pages. */
export const RANKING_PAGE_SIZE = 10;

/**
 * GET /api/coupons/list/search/ranking (the ranking's paged list): one page of the coupons
 * shown today by uses this week (JST, from Monday) or this season (the running rally), in one
 * area or all.
 */
export function fetchRanking(
  q: { period: RankingPeriod; area?: Area; page: number },
  locale: Locale,
  signal?: AbortSignal,
): Promise<CouponRankingList> {
  return api<CouponRankingList>('/coupons/list/search/ranking', {
    query: { period: q.period, area: q.area, page: q.page, limit: RANKING_PAGE_SIZE },
    locale,
    signal,
  });
}
