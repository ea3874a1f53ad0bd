import multer from 'multer';
import { z } from 'zod';
import { CsvText, IdParam, SavedIdResponse } from '../../contracts/common';
import { IdempotencyKey } from '../../contracts/coupons';
import {
  AdminApplicationList,
  AdminApplicationResponse,
  AdminPrizeList,
  AdminPrizeQuery,
  AdminPrizeResponse,
  AllPrizesQuery,
  AllPrizesResponse,
  APPLICATION_CSV_COLUMNS,
  ApplicationParams,
  ApplicationQuery,
  ApplicationStatusBody,
  ApplyBody,
  ApplyResponse,
  DeletePrizeImagesQuery,
  PrizeImagesResponse,
  PrizeInput,
  PrizeListQuery,
  PrizeListResponse,
} from '../../contracts/prizes';
import { jstDate, jstDateTime } from '../../db/dialect';
import { optionalVisitorIdOf, staffOf, visitorIdOf, type AppDeps } from '../../http/context';
import { protectCell, sendCsv } from '../../http/csv';
import { ValidationError } from '../../http/errors';
import { defineRoute, type AnyRoute } from '../../http/route';
import { MAX_IMAGE_BYTES } from '../../storage/webp-variants';
import { applyForPrize } from '../../commands/apply-for-prize';
import { actingStaff } from '../staff';
import {
  addPrizeImages,
  applicationsForExport,
  changeApplicationStatus,
  createAdminPrize,
  deleteAdminPrize,
  getAdminPrize,
  listAdminPrizes,
  listAllPrizes,
  listApplications,
  listPrizes,
  removePrizeImages,
  updateAdminPrize,
} from './prizes.service';

/** Uploads: in memory (sharp reads the bytes), at most 10 files of 10 MB each (as coupon images). */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 10 },
}).any();

/**
 * Prize routes (issue 12, spec 7 "Stamps and prizes"): the visitor's list and application,
 * paths exactly as the spec; the admin's prizes (admins only). The applications of a prize
 * have no spec path: `/prizes/{id}/applications` (list, search), `.../csv` (export) and
 * `.../{applicationId}` (status) are this project's.
 */
export function prizeRoutes({ db, clock, images }: AppDeps): AnyRoute[] {
  const today = () => jstDate(clock.now());
  const staff = (actor: Parameters<typeof staffOf>[0], requestId: string) => actingStaff(staffOf(actor), requestId);
  return [
    defineRoute({
      method: 'get',
      path: '/prizes/get/list',
      summary:
        "A rally's published prizes (default: the running one), with, for a signed-in visitor, their state per prize and balance",
      access: 'optionalVisitor',
      query: PrizeListQuery,
      response: PrizeListResponse,
      errors: [404],
      handler: async ({ query, actor, locale }) => {
        const data = await listPrizes(db, images, {
          campaignId: query.campaignId,
          userId: optionalVisitorIdOf(actor),
          today: today(),
          locale,
        });
        return { data, meta: { page: 1, limit: data.prizes.length, total: data.prizes.length } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/prizes/get/all/list',
      summary: 'The published prizes of every rally, newest rally first, each with its rally; paged',
      access: 'public',
      query: AllPrizesQuery,
      response: AllPrizesResponse,
      handler: async ({ query, locale }) => listAllPrizes(db, images, { ...query, locale }),
    }),
    defineRoute({
      method: 'post',
      path: '/prizes/change/to/presents',
      summary:
        "Apply for a prize: spends its stamps, takes one from an exchange prize's stock (Idempotency-Key header required)",
      access: 'visitor',
      rateLimit: 'write',
      body: ApplyBody,
      response: ApplyResponse,
      errors: [404, 409, 422],
      handler: async ({ body, actor, locale, req, res }) => {
        const key = IdempotencyKey.safeParse(req.get('idempotency-key'));
        if (!key.success)
          throw new ValidationError([`headers.Idempotency-Key: ${key.error.issues[0]?.message ?? 'required'}`]);
        const answer = await applyForPrize(db, {
          prizeId: body.prizeId,
          userId: visitorIdOf(actor),
          idempotencyKey: key.data,
          now: clock.now(),
          locale,
        });
        res.status(answer.status);
        return answer.body;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/prizes',
      summary: 'Prizes for the admin list: by rally, kind, publication, a name in any language; paged',
      access: 'admin',
      query: AdminPrizeQuery,
      response: AdminPrizeList,
      handler: async ({ query }) => listAdminPrizes(db, images, query),
    }),
    defineRoute({
      method: 'post',
      path: '/prizes',
      summary: 'Create a prize of a rally (names per locale, ja required; stock for exchange, none for lottery)',
      access: 'admin',
      rateLimit: 'write',
      body: PrizeInput,
      response: AdminPrizeResponse,
      success: [201],
      errors: [422],
      handler: async ({ body, actor, req, res }) => {
        const data = await createAdminPrize(db, images, staff(actor, req.requestId), body, clock.now());
        res.status(201);
        return { data };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/prizes/{id}',
      summary: 'One prize with all its texts, images and applications counted by status',
      access: 'admin',
      params: IdParam,
      response: AdminPrizeResponse,
      errors: [404],
      handler: async ({ params }) => ({ data: await getAdminPrize(db, images, params.id) }),
    }),
    defineRoute({
      method: 'put',
      path: '/prizes/{id}',
      summary: 'Replace a prize (its rally and kind stay once visitors have applied)',
      access: 'admin',
      rateLimit: 'write',
      params: IdParam,
      body: PrizeInput,
      response: AdminPrizeResponse,
      errors: [404, 409, 422],
      handler: async ({ params, body, actor, req }) => ({
        data: await updateAdminPrize(db, images, staff(actor, req.requestId), params.id, body, clock.now()),
      }),
    }),
    defineRoute({
      method: 'delete',
      path: '/prizes/{id}',
      summary: 'Delete a prize nobody has applied for (409 once there are applications: unpublish it instead)',
      access: 'admin',
      rateLimit: 'write',
      params: IdParam,
      response: SavedIdResponse,
      errors: [404, 409],
      handler: async ({ params, actor, req }) => {
        await deleteAdminPrize(db, images, staff(actor, req.requestId), params.id, clock.now());
        return { data: { id: params.id } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/prizes/{id}/images',
      summary:
        'Upload prize images (multipart, field prizeImage, up to 10 files of 10 MB; JPEG, PNG, WebP, GIF, HEIF, AVIF)',
      access: 'admin',
      rateLimit: 'write',
      upload,
      params: IdParam,
      response: PrizeImagesResponse,
      errors: [404, 413, 422],
      handler: async ({ params, actor, req }) => {
        const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.buffer);
        return { data: await addPrizeImages(db, images, staff(actor, req.requestId), params.id, files, clock.now()) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/prizes/{id}/images',
      summary: 'Delete prize images by list offsets: ?type=prizeImage&offsets[]=0&offsets[]=2',
      access: 'admin',
      rateLimit: 'write',
      params: IdParam,
      query: z.preprocess((q) => {
        const raw = q as Record<string, unknown>;
        return { ...raw, offsets: raw['offsets[]'] ?? raw.offsets };
      }, DeletePrizeImagesQuery),
      response: PrizeImagesResponse,
      errors: [404],
      handler: async ({ params, query, actor, req }) => ({
        data: await removePrizeImages(db, images, staff(actor, req.requestId), params.id, query.offsets, clock.now()),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/prizes/{id}/applications',
      summary: "A prize's applications in the order they came: filter by status, search by visitor name or id; paged",
      access: 'admin',
      params: IdParam,
      query: ApplicationQuery,
      response: AdminApplicationList,
      errors: [404],
      handler: async ({ params, query }) => listApplications(db, params.id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/prizes/{id}/applications/csv',
      summary: "A prize's applications as CSV (UTF-8 with BOM, JST times), filtered like the list",
      access: 'admin',
      params: IdParam,
      query: ApplicationQuery.pick({ status: true, q: true }),
      response: CsvText,
      media: ['text/csv'],
      errors: [404],
      handler: async ({ params, query, res }) => {
        const { prizeName, rows } = await applicationsForExport(db, params.id, query);
        async function* lines() {
          for await (const a of rows)
            yield {
              application_id: String(a.id),
              prize_id: String(a.prizeId),
              prize_name: protectCell(prizeName),
              user_id: String(a.userId),
              display_name: protectCell(a.displayName),
              status: a.status,
              stamps_spent: String(a.stampsSpent),
              applied_at_jst: jstDateTime(new Date(a.appliedAt)),
              updated_at_jst: jstDateTime(new Date(a.updatedAt)),
            };
        }
        await sendCsv(res, `prize-${params.id}-applications.csv`, APPLICATION_CSV_COLUMNS, lines());
      },
    }),
    defineRoute({
      method: 'put',
      path: '/prizes/{id}/applications/{applicationId}',
      summary: 'Move an application on: applied -> won or lost, won -> shipped',
      access: 'admin',
      rateLimit: 'write',
      params: ApplicationParams,
      body: ApplicationStatusBody,
      response: AdminApplicationResponse,
      errors: [404, 422],
      handler: async ({ params, body, actor, req }) => ({
        data: await changeApplicationStatus(db, staff(actor, req.requestId), {
          prizeId: params.id,
          applicationId: params.applicationId,
          status: body.status,
          now: clock.now(),
        }),
      }),
    }),
  ];
}
