import type { z } from 'zod';
import type {
  AdminApplication,
  AdminApplicationList,
  AdminPrize,
  AdminPrizeList,
  AdminPrizeQuery,
  ApplicationQuery,
  ApplicationStatus,
  PrizeImage,
  PrizeInput,
} from '@contracts/prizes';
import { downloadAuthed } from '../catalogue/catalogue.api';
import { adminApi, adminUpload, recordId } from '../lib/api';

export type { AdminApplication, AdminPrize, ApplicationStatus, PrizeImage };
export type PrizeList = z.infer<typeof AdminPrizeList>;
export type PrizeRow = PrizeList['data'][number];
export type PrizeQuery = Partial<AdminPrizeQuery>;
export type PrizeBody = z.input<typeof PrizeInput>;
export type ApplicationList = z.infer<typeof AdminApplicationList>;
export type ApplicationFilter = Partial<ApplicationQuery>;

/** GET /api/prizes: prizes of a rally (or all), by kind, publication, a name; paged (admins only). */
export function listPrizes(query: PrizeQuery, signal?: AbortSignal): Promise<PrizeList> {
  return adminApi<PrizeList>('/prizes', { query, signal });
}

/** GET /api/prizes/{id}: the whole prize for its form, with its applications counted by status. */
export async function getPrize(id: number, signal?: AbortSignal): Promise<AdminPrize> {
  return (await adminApi<{ data: AdminPrize }>(`/prizes/${recordId(id)}`, { signal })).data;
}

/**
 * POST /api/prizes or PUT /api/prizes/{id}.
 * @throws AdminApiError with field errors (400), 409 PRIZE_HAS_APPLICATIONS (rally or kind changed)
 */
export async function savePrize(id: number | undefined, body: PrizeBody): Promise<AdminPrize> {
  const res = await adminApi<{ data: AdminPrize }>(id === undefined ? '/prizes' : `/prizes/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
  });
  return res.data;
}

/** DELETE /api/prizes/{id}. @throws AdminApiError 409 PRIZE_HAS_APPLICATIONS once visitors applied */
export async function deletePrize(id: number): Promise<void> {
  await adminApi(`/prizes/${id}`, { method: 'DELETE' });
}

/** POST multipart /api/prizes/{id}/images (field prizeImage), with upload progress 0..1. */
export async function uploadPrizeImages(
  id: number,
  files: File[],
  onProgress: (f: number) => void,
): Promise<PrizeImage[]> {
  const form = new FormData();
  for (const f of files) form.append('prizeImage', f, f.name);
  return (await adminUpload<{ data: PrizeImage[] }>(`/prizes/${id}/images`, form, onProgress)).data;
}

/** DELETE /api/prizes/{id}/images?type=prizeImage&offsets[]=... (spec 7). */
export async function deletePrizeImages(id: number, offsets: number[]): Promise<PrizeImage[]> {
  return (
    await adminApi<{ data: PrizeImage[] }>(`/prizes/${id}/images`, {
      method: 'DELETE',
      query: { type: 'prizeImage', offsets },
    })
  ).data;
}

/** GET /api/prizes/{id}/applications: by status, a visitor's name or id; paged with meta. */
export function listApplications(id: number, query: ApplicationFilter, signal?: AbortSignal): Promise<ApplicationList> {
  return adminApi<ApplicationList>(`/prizes/${id}/applications`, { query, signal });
}

/** PUT /api/prizes/{id}/applications/{applicationId}. @throws AdminApiError 422 STATUS_CHANGE_NOT_ALLOWED */
export async function setApplicationStatus(
  prizeId: number,
  applicationId: number,
  status: ApplicationStatus,
): Promise<AdminApplication> {
  return (
    await adminApi<{ data: AdminApplication }>(`/prizes/${prizeId}/applications/${applicationId}`, {
      method: 'PUT',
      body: { status },
    })
  ).data;
}

/** GET /api/prizes/{id}/applications/csv (UTF-8 with BOM), filtered like the list, saved as a file. */
export const downloadApplicationsCsv = (id: number, filter: Pick<ApplicationFilter, 'status' | 'q'>): Promise<void> => {
  const query: Record<string, string> = {};
  if (filter.status) query.status = filter.status;
  if (filter.q) query.q = filter.q;
  return downloadAuthed(`/prizes/${id}/applications/csv`, query, 'text/csv', `prize-${id}-applications.csv`);
};
