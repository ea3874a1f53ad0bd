import type { StampList, StampListResponse } from '@contracts/stamps';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ClientError, errorText } from '../../../lib/errors';

/** GET /api/stamps/get/list: my stamps in a rally (default: the one running today). */
export async function fetchMyStamps(campaignId: number | undefined, signal?: AbortSignal): Promise<StampList> {
  if (campaignId !== undefined && (!Number.isSafeInteger(campaignId) || campaignId <= 0))
    throw new ClientError('NOT_FOUND', errorText('NOT_FOUND'));
  return (await api<z.infer<typeof StampListResponse>>('/stamps/get/list', { query: { campaignId }, signal })).data;
}
