import type { ApplyResponse, ApplyResult, PrizeListResponse } from '@contracts/prizes';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ClientError, errorText } from '../../../lib/errors';

export type PrizeList = z.infer<typeof PrizeListResponse>['data'];

/**
 * GET /api/prizes/get/list: a rally's published prizes (default: the one running today) with,
 * when signed in, the visitor's state per prize and stamp balance (red 1, gold 10).
 * @throws ApiError CAMPAIGN_NOT_FOUND (404), NETWORK (offline)
 */
export async function fetchPrizes(campaignId: number | undefined, signal?: AbortSignal): Promise<PrizeList> {
  if (campaignId !== undefined && (!Number.isSafeInteger(campaignId) || campaignId <= 0))
    throw new ClientError('NOT_FOUND', errorText('NOT_FOUND'));
  return (await api<z.infer<typeof PrizeListResponse>>('/prizes/get/list', { query: { campaignId }, signal })).data;
}

/**
 * POST /api/prizes/change/to/presents: spends the prize's stamps and applies. The same
 * idempotency key for one attempt makes a retried request harmless (it answers the first answer).
 * @throws ApiError NOT_ENOUGH_STAMPS, OUT_OF_STOCK, ALREADY_APPLIED, RALLY_OVER, PRIZE_NOT_FOUND, NETWORK
 */
export async function applyForPrize(prizeId: number, idempotencyKey: string): Promise<ApplyResult> {
  const res = await api<z.infer<typeof ApplyResponse>>('/prizes/change/to/presents', {
    method: 'POST',
    body: { prizeId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}
