import multer from 'multer';
import { z } from 'zod';
import {
  AdminCouponInput,
  AdminCouponList,
  AdminCouponQuery,
  AdminCouponResponse,
  CouponImagesResponse,
  CouponImportResult,
  DeleteImagesQuery,
  LinePointAmount,
  LinePointAmountQuery,
  TagSuggestions,
} from '../../contracts/admincoupons';
import { CsvText, IdParam, SavedIdResponse } from '../../contracts/common';
import { jstDate } from '../../db/dialect';
import { staffOf, type AppDeps } from '../../http/context';
import { readCsvUpload, sendCsv } from '../../http/csv';
import { defineRoute, type AnyRoute } from '../../http/route';
import { actingStaff } from '../staff';
import { MAX_IMAGE_BYTES } from './coupon-images';
import {
  addCouponImages,
  createAdminCoupon,
  deleteAdminCoupon,
  getAdminCoupon,
  importCouponsCsv,
  linePointAmount,
  listAdminCoupons,
  removeCouponImages,
  suggestTags,
  updateAdminCoupon,
} from './coupons.admin.service';
import { COUPON_CSV_EXAMPLES, COUPON_CSV_HEADER } from './coupons.csv';

/** Uploads: in memory (sharp reads the bytes), at most 10 files of 10 MB each. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 10 },
}).any();

/** Admin coupon routes (spec 7 "Admin coupons", issue 6): staff only; shop staff limited to their spots. */
export function adminCouponRoutes({ db, clock, images }: AppDeps): AnyRoute[] {
  const today = () => jstDate(clock.now());
  /** The signed-in staff member as `authenticate` loaded it, for the audit trail. */
  const staff = (actor: Parameters<typeof staffOf>[0], requestId: string) => actingStaff(staffOf(actor), requestId);
  return [
    defineRoute({
      method: 'get',
      path: '/admincoupons',
      summary: 'Coupons for the admin list: search by title or shop, filter by area, purpose, tag, status; sort; page',
      access: 'staff',
      query: AdminCouponQuery,
      response: AdminCouponList,
      handler: async ({ query, actor, req }) =>
        listAdminCoupons(db, images, staff(actor, req.requestId), query, today()),
    }),
    defineRoute({
      method: 'post',
      path: '/admincoupons',
      summary: 'Create a coupon (texts per locale, ja required)',
      access: 'staff',
      rateLimit: 'write',
      body: AdminCouponInput,
      response: AdminCouponResponse,
      success: [201],
      errors: [403, 422],
      handler: async ({ body, actor, req, res }) => {
        const data = await createAdminCoupon(db, images, staff(actor, req.requestId), body, clock.now(), today());
        res.status(201);
        return { data };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admincoupons/get/tags',
      summary: 'Tags in use, most used first (suggestions for the coupon form)',
      access: 'staff',
      query: z.object({ q: z.string().trim().max(100).optional() }),
      response: TagSuggestions,
      handler: async ({ query }) => ({ data: await suggestTags(db, query.q) }),
    }),
    defineRoute({
      method: 'get',
      path: '/admincoupons/linepoint/amount',
      summary: 'LINE points a coupon is set to give per use (none are sent yet) and its uses so far',
      access: 'staff',
      query: LinePointAmountQuery,
      response: LinePointAmount,
      errors: [403, 404],
      handler: async ({ query, actor, req }) => ({
        data: await linePointAmount(db, staff(actor, req.requestId), query.couponId),
      }),
    }),
    // The CSV paths have two segments after /admincoupons, so `/admincoupons/{id}` (one segment)
    // never takes them, and `/admincoupons/{id}/images` only matches a last segment "images".
    defineRoute({
      method: 'get',
      path: '/admincoupons/csv/template',
      summary:
        'The coupon import template (the export columns): the header row, with two example rows when example=true',
      access: 'staff',
      query: z.object({ example: z.enum(['true', 'false']).default('false') }),
      response: CsvText,
      media: ['text/csv'],
      handler: async ({ query, res }) => {
        await sendCsv(
          res,
          'coupons-template.csv',
          COUPON_CSV_HEADER,
          query.example === 'true' ? COUPON_CSV_EXAMPLES : [],
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admincoupons/csv/import',
      summary:
        'Import coupons from CSV (multipart field file, or a text/csv body; 2 MB): all rows or none; id updates, no id creates',
      access: 'admin',
      rateLimit: 'write',
      response: CouponImportResult,
      errors: [409, 413, 422],
      handler: async ({ actor, locale, req, res }) => {
        const bytes = await readCsvUpload(req, res);
        return { data: await importCouponsCsv(db, staff(actor, req.requestId), bytes, clock.now(), locale) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admincoupons/{id}',
      summary: 'One coupon with all its texts, spots, tags and images',
      access: 'staff',
      params: IdParam,
      response: AdminCouponResponse,
      errors: [403, 404],
      handler: async ({ params, actor, req }) => ({
        data: await getAdminCoupon(db, images, staff(actor, req.requestId), params.id, today()),
      }),
    }),
    defineRoute({
      method: 'put',
      path: '/admincoupons/{id}',
      summary: 'Replace a coupon',
      access: 'staff',
      rateLimit: 'write',
      params: IdParam,
      body: AdminCouponInput,
      response: AdminCouponResponse,
      errors: [403, 404, 422],
      handler: async ({ params, body, actor, req }) => ({
        data: await updateAdminCoupon(db, images, staff(actor, req.requestId), params.id, body, clock.now(), today()),
      }),
    }),
    defineRoute({
      method: 'delete',
      path: '/admincoupons/{id}',
      summary: 'Delete a coupon (it disappears everywhere; redemptions and stamps stay)',
      access: 'staff',
      rateLimit: 'write',
      params: IdParam,
      response: SavedIdResponse,
      errors: [403, 404],
      handler: async ({ params, actor, req }) => {
        await deleteAdminCoupon(db, images, staff(actor, req.requestId), params.id, clock.now(), today());
        return { data: { id: params.id } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admincoupons/{id}/images',
      summary:
        'Upload coupon images (multipart, field couponImage, up to 10 files of 10 MB; JPEG, PNG, WebP, GIF, HEIF, AVIF)',
      access: 'staff',
      rateLimit: 'write',
      upload,
      params: IdParam,
      response: CouponImagesResponse,
      errors: [403, 404, 413, 422],
      handler: async ({ params, actor, req }) => {
        const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.buffer);
        return { data: await addCouponImages(db, images, staff(actor, req.requestId), params.id, files, clock.now()) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/admincoupons/{id}/images',
      summary: 'Delete coupon images by list offsets: ?type=couponImage&offsets[]=0&offsets[]=2',
      access: 'staff',
      rateLimit: 'write',
      params: IdParam,
      query: z.preprocess((q) => {
        const raw = q as Record<string, unknown>;
        return { ...raw, offsets: raw['offsets[]'] ?? raw.offsets };
      }, DeleteImagesQuery),
      response: CouponImagesResponse,
      errors: [403, 404],
      handler: async ({ params, query, actor, req }) => ({
        data: await removeCouponImages(db, images, staff(actor, req.requestId), params.id, query.offsets, clock.now()),
      }),
    }),
  ];
}
