import type { z } from 'zod';
import type { AuditEntity, AuditEntry } from '@contracts/audit';
import type { CampaignDetail } from '@contracts/campaigns';
import type { AdminFaqCategory } from '@contracts/faqs';
import type {
  RankingList,
  RankingQuery,
  SpotAdmin,
  SpotAdminList,
  SpotAdminQuery,
  SpotImportResult,
  SpotQr,
} from '@contracts/spots-admin';
import { AdminApiError, adminApi, adminErrorText, apiUrl, recordId, settle } from '../lib/api';
import { adminLocale } from '../lib/i18n';
import { readStaffToken } from '../lib/staff-token';

export type { AdminFaqCategory, AuditEntry, CampaignDetail, SpotAdmin, SpotImportResult, SpotQr };
export type Texts = { ja: string; en?: string; ko?: string; 'zh-cn'?: string; 'zh-tw'?: string };

/* ---------- stamp rallies ---------- */

export type CampaignInput = { name: Texts; description: Texts; startsOn: string; endsOn: string };

/** GET /api/campaigns: every rally, latest first, with every locale's texts. */
export async function listCampaigns(signal?: AbortSignal): Promise<CampaignDetail[]> {
  return (await adminApi<{ data: CampaignDetail[] }>('/campaigns', { signal })).data;
}
export async function getCampaign(id: number, signal?: AbortSignal): Promise<CampaignDetail> {
  return (await adminApi<{ data: CampaignDetail }>(`/campaigns/${recordId(id)}`, { signal })).data;
}
/** POST /api/campaigns or PUT /api/campaigns/{id}. @throws AdminApiError (409 CAMPAIGN_OVERLAP, 400 fields) */
export async function saveCampaign(id: number | undefined, input: CampaignInput): Promise<CampaignDetail> {
  const res = await adminApi<{ data: CampaignDetail }>(id === undefined ? '/campaigns' : `/campaigns/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: input,
  });
  return res.data;
}

/* ---------- FAQ ---------- */

export async function listFaq(signal?: AbortSignal): Promise<AdminFaqCategory[]> {
  return (await adminApi<{ data: AdminFaqCategory[] }>('/faqs/list/category', { signal })).data;
}
export async function saveFaqCategory(input: { id?: number; name: Texts; sortOrder: number }): Promise<number> {
  return (await adminApi<{ data: { id: number } }>('/faqs/add/category', { method: 'POST', body: input })).data.id;
}
export async function saveFaq(input: {
  id?: number;
  categoryId: number;
  question: Texts;
  answer: Texts;
  sortOrder: number;
}): Promise<number> {
  return (await adminApi<{ data: { id: number } }>('/faqs/add/faq', { method: 'POST', body: input })).data.id;
}
export async function deleteFaqCategory(id: number): Promise<void> {
  await adminApi('/faqs/del/category', { method: 'PUT', body: { id } });
}
export async function deleteFaq(id: number): Promise<void> {
  await adminApi('/faqs/del/faq', { method: 'PUT', body: { id } });
}

/* ---------- spots ---------- */

export type SpotList = z.infer<typeof SpotAdminList>;
export type SpotQuery = Partial<SpotAdminQuery>;
export type SpotBody = {
  storeCode: string;
  names: Texts;
  address: string;
  latitude: number;
  longitude: number;
  area: string;
  purpose: string;
  genre: string | null;
  usableRangeM: number;
};

export function listSpots(query: SpotQuery, signal?: AbortSignal): Promise<SpotList> {
  return adminApi<SpotList>('/spots', { query, signal });
}
export async function getSpot(id: number, signal?: AbortSignal): Promise<SpotAdmin> {
  return (await adminApi<{ data: SpotAdmin }>(`/spots/${recordId(id)}`, { signal })).data;
}
/** POST /api/storeadmininfos (create) or PUT /api/spots/{id}. */
export async function saveSpot(id: number | undefined, body: SpotBody): Promise<SpotAdmin> {
  const res = await adminApi<{ data: SpotAdmin }>(id === undefined ? '/storeadmininfos' : `/spots/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
  });
  return res.data;
}
/** GET /api/coupons/get/spot/qrcode?format=json: the code, its URL and a PNG data URL. */
export async function spotQr(spotId: number, signal?: AbortSignal): Promise<SpotQr> {
  return (
    await adminApi<{ data: SpotQr }>('/coupons/get/spot/qrcode', {
      query: { spotId, format: 'json', size: 768 },
      signal,
    })
  ).data;
}
/** POST /api/spots/{id}/qrcode/rotate: a new check-in code (the printed one stops working). */
export async function rotateSpotQr(spotId: number): Promise<void> {
  await adminApi(`/spots/${spotId}/qrcode/rotate`, { method: 'POST' });
}

/* ---------- ranking ---------- */

export type Ranking = z.infer<typeof RankingList>;
export function couponRanking(query: Partial<RankingQuery>, signal?: AbortSignal): Promise<Ranking> {
  return adminApi<Ranking>('/admincoupons/get/ranking', { query, signal });
}

/* ---------- audit ---------- */

export async function auditOf(entity: AuditEntity, id: number, signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await adminApi<{ data: AuditEntry[] }>(`/audit/${entity}/${id}`, { signal })).data;
}

/* ---------- CSV ---------- */

export type CsvKind = 'spots' | 'coupons';
const CSV_BASE: Record<CsvKind, string> = { spots: '/spots/csv', coupons: '/admincoupons/csv' };
export type CsvRowProblem = { row: number; column: string; code: string; message: string };

/** An import refused row by row (422 CSV_ROWS_INVALID): nothing was imported. */
export class CsvRowsRejected extends Error {
  constructor(
    message: string,
    readonly rows: CsvRowProblem[],
  ) {
    super(message);
    this.name = 'CsvRowsRejected';
  }
}

function authHeaders(): Record<string, string> {
  const h: Record<string, string> = { 'x-lang': adminLocale() };
  const token = readStaffToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/**
 * Saves a file from the API (which wants the bearer token, so a plain link cannot fetch it)
 * under the server's file name or `fallback`.
 */
export async function downloadAuthed(
  path: string,
  query: Record<string, string | number | boolean> | undefined,
  accept: string,
  fallback: string,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), {
      headers: { ...authHeaders(), Accept: accept },
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminApiError(0, 'NETWORK', adminErrorText('NETWORK'));
  }
  if (!res.ok) settle(res.status, await res.text());
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The CSV export or the template (with its example rows). */
export const downloadCsv = (kind: CsvKind, what: 'export' | 'template'): Promise<void> =>
  downloadAuthed(
    `${CSV_BASE[kind]}/${what}`,
    what === 'template' ? { example: true } : undefined,
    'text/csv',
    `${kind}-${what}.csv`,
  );

/** The spot's QR code as SVG (sharp at any print size). */
export const downloadQrSvg = (spotId: number): Promise<void> =>
  downloadAuthed('/coupons/get/spot/qrcode', { spotId, format: 'svg' }, 'image/svg+xml', `qr-${spotId}.svg`);

/**
 * POST multipart /api/.../csv/import (field `file`).
 * @throws CsvRowsRejected with every bad row (422), AdminApiError otherwise
 */
export async function importCsv(kind: CsvKind, file: File): Promise<SpotImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(apiUrl(`${CSV_BASE[kind]}/import`), {
      method: 'POST',
      headers: { ...authHeaders(), Accept: 'application/json' },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminApiError(0, 'NETWORK', adminErrorText('NETWORK'));
  }
  const text = await res.text();
  if (res.status === 422) {
    type Body = { error?: { code?: string; message?: string; details?: unknown } } | null;
    let body: Body = null;
    try {
      body = JSON.parse(text) as Body;
    } catch {
      body = null;
    }
    if (body?.error?.code === 'CSV_ROWS_INVALID' && Array.isArray(body.error.details)) {
      throw new CsvRowsRejected(body.error.message ?? '', body.error.details as CsvRowProblem[]);
    }
  }
  return settle<{ data: SpotImportResult }>(res.status, text).data;
}
