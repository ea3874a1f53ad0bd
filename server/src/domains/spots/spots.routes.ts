import type { Request } from 'express';
import { z } from 'zod';
import { CsvText, IdParam } from '../../contracts/common';
import {
  SpotAdminList,
  SpotAdminQuery,
  SpotAdminResponse,
  SpotImportResult,
  SpotInput,
  SpotPickerList,
  SpotPickerQuery,
  SpotQrQuery,
  SpotQrResponse,
  StoreAdminInfoBody,
} from '../../contracts/spots-admin';
import { staffOf, type AppDeps } from '../../http/context';
import { readCsvUpload, sendCsv } from '../../http/csv';
import { defineRoute, type AnyRoute } from '../../http/route';
import {
  exportSpotRows,
  importSpotsCsv,
  listSpotPicks,
  listSpotsForAdmin,
  rotateSpotQrCode,
  saveSpot,
  spotForAdmin,
  spotQrCode,
} from './spots.admin.service';
import { SPOT_CSV_EXAMPLES, SPOT_CSV_HEADER, spotToCsvRow } from './spots.csv';

/**
 * Where printed QR codes link to: PUBLIC_BASE_URL when set (a QR code printed from an admin
 * session on an internal host must still open the public site), else the scheme, host and
 * port the caller reached us on (behind `trust proxy`, the proxy's forwarded ones).
 */
const originOf = (req: Request, publicBaseUrl: string | null) => publicBaseUrl ?? `${req.protocol}://${req.host}`;

/** `spots-20261121.csv` for the day of `now` in Tokyo. */
const fileDate = (now: Date) => new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Admin spot routes (spec 7 "Spots", issue 6): list, picker list, detail, create and edit,
 * the printable QR code, CSV export, template and import. Staff routes narrow shop staff to
 * their own spots in the service.
 */
export function spotAdminRoutes({ db, clock, config }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/spots',
      summary: 'Admin spot list: search by name, store code or address; filter by area, purpose, genre; sorted; paged',
      access: 'staff',
      query: SpotAdminQuery,
      response: SpotAdminList,
      handler: async ({ query, actor, locale }) => listSpotsForAdmin(db, query, staffOf(actor), locale),
    }),
    defineRoute({
      method: 'get',
      path: '/spots/list',
      summary: 'Every visible spot as id, store code and name (for pickers), filtered by q',
      access: 'staff',
      query: SpotPickerQuery,
      response: SpotPickerList,
      handler: async ({ query, actor, locale }) => listSpotPicks(db, query, staffOf(actor), locale),
    }),
    defineRoute({
      method: 'get',
      path: '/spots/csv/export',
      summary: 'Visible spots as a CSV download (UTF-8 with BOM; the import columns)',
      access: 'staff',
      response: CsvText,
      media: ['text/csv'],
      handler: async ({ actor, res }) => {
        await sendCsv(res, `spots-${fileDate(clock.now())}.csv`, SPOT_CSV_HEADER, exportSpotRows(db, staffOf(actor)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/spots/csv/template',
      summary: 'The spot import template: the header row, with two example rows when example=true',
      access: 'staff',
      query: z.object({ example: z.enum(['true', 'false']).default('false') }),
      response: CsvText,
      media: ['text/csv'],
      handler: async ({ query, res }) => {
        const rows = query.example === 'true' ? SPOT_CSV_EXAMPLES.map(spotToCsvRow) : [];
        await sendCsv(res, 'spots-template.csv', SPOT_CSV_HEADER, rows);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/spots/csv/import',
      summary:
        'Import spots from CSV (multipart field file, or a text/csv body; 2 MB): all rows or none, by store code',
      access: 'admin',
      rateLimit: 'write',
      response: SpotImportResult,
      errors: [409, 413, 422],
      handler: async ({ actor, locale, req, res }) => {
        const bytes = await readCsvUpload(req, res);
        return {
          data: await importSpotsCsv(db, {
            bytes,
            caller: staffOf(actor),
            requestId: req.requestId,
            now: clock.now(),
            locale,
          }),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/storeadmininfos',
      summary: 'Create a spot (no id: admins; 201) or replace spot id (admins, shop staff for their own spot; 200)',
      access: 'staff',
      rateLimit: 'write',
      body: StoreAdminInfoBody,
      response: SpotAdminResponse,
      success: [200, 201],
      errors: [404, 409],
      handler: async ({ body, actor, locale, req, res }) => {
        const { id, ...input } = body;
        const saved = await saveSpot(db, {
          id,
          input,
          caller: staffOf(actor),
          requestId: req.requestId,
          now: clock.now(),
          locale,
        });
        res.status(saved.created ? 201 : 200);
        return { data: saved.spot };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/spots/{id}',
      summary: 'One spot with every name, for its edit form',
      access: 'staff',
      params: IdParam,
      response: SpotAdminResponse,
      errors: [404],
      handler: async ({ params, actor, locale }) => ({
        data: await spotForAdmin(db, params.id, staffOf(actor), locale),
      }),
    }),
    defineRoute({
      method: 'put',
      path: '/spots/{id}',
      summary: 'Replace a spot (admins; shop staff for their own spot, position, range and store code unchanged)',
      access: 'staff',
      rateLimit: 'write',
      params: IdParam,
      body: SpotInput,
      response: SpotAdminResponse,
      errors: [404, 409],
      handler: async ({ params, body, actor, locale, req }) => {
        const saved = await saveSpot(db, {
          id: params.id,
          input: body,
          caller: staffOf(actor),
          requestId: req.requestId,
          now: clock.now(),
          locale,
        });
        return { data: saved.spot };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/spots/{id}/qrcode/rotate',
      summary: "Issue a new check-in code for a spot's QR code (printed codes with the old one stop working)",
      access: 'staff',
      rateLimit: 'write',
      params: IdParam,
      response: SpotQrResponse,
      errors: [404],
      handler: async ({ params, actor, locale, req }) => ({
        data: await rotateSpotQrCode(db, {
          spotId: params.id,
          caller: staffOf(actor),
          origin: originOf(req, config.publicBaseUrl),
          requestId: req.requestId,
          now: clock.now(),
          locale,
        }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/get/spot/qrcode',
      summary:
        "A spot's printable QR code for /collect-points-qr/{id}/?code=...: JSON with a PNG data URL, or format=svg|png",
      access: 'staff',
      query: SpotQrQuery,
      response: SpotQrResponse,
      media: ['application/json', 'image/svg+xml', 'image/png'],
      errors: [404],
      handler: async ({ query, actor, locale, req, res }) => {
        const qr = await spotQrCode(db, {
          ...query,
          caller: staffOf(actor),
          origin: originOf(req, config.publicBaseUrl),
          locale,
        });
        if (qr.kind === 'json') return { data: qr.qr };
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Disposition', `inline; filename="qr-${qr.storeCode}.${qr.kind}"`);
        res.type(qr.kind === 'svg' ? 'image/svg+xml' : 'image/png').send(qr.body);
        return undefined;
      },
    }),
  ];
}
