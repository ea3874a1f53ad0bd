import type { z } from 'zod';
import type { Campaign, RunningCampaignResponse } from '@contracts/campaigns';
import { api } from '../../../lib/api-client';

/** GET /api/coupons/get/campaign: the stamp rally running today, or null (spec 7). */
export async function fetchRunningCampaign(signal?: AbortSignal): Promise<Campaign | null> {
  return (await api<z.infer<typeof RunningCampaignResponse>>('/coupons/get/campaign', { signal })).data;
}
