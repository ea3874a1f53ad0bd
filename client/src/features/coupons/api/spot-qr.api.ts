import type { z } from 'zod';
import type { StoreCoupons, StoreCouponsResponse } from '@contracts/coupons';
import { api } from '../../../lib/api-client';

/**
 * PUT /api/coupons/store/list: the shop of a printed QR code, its coupons shown today, and
 * whether the QR code's check-in code is its current one (null without a code).
 */
export async function fetchStoreCoupons(
  spotId: number,
  code: string | undefined,
  signal?: AbortSignal,
): Promise<StoreCoupons> {
  const res = await api<z.infer<typeof StoreCouponsResponse>>('/coupons/store/list', {
    method: 'PUT',
    body: code === undefined ? { spotId } : { spotId, code },
    signal,
  });
  return res.data;
}
