import { CampaignInput, CampaignListResponse, CampaignResponse } from '../../contracts/campaigns';
import { IdParam, wholeList } from '../../contracts/common';
import { staffOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { actingStaff } from '../staff';
import { getCampaign, listCampaigns, saveCampaign } from './campaigns.admin.service';

/**
 * Stamp rallies (spec 7 "Campaigns"): admin-only (spec 6), behind the admin allow-list, for
 * reading too; they list future rallies. Visitors get the running rally from
 * `/coupons/get/campaign`.
 */
export function campaignRoutes({ db, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/campaigns',
      summary: 'Every stamp rally, latest first',
      access: 'admin',
      response: CampaignListResponse,
      handler: async ({ locale }) => wholeList(await listCampaigns(db, locale)),
    }),
    defineRoute({
      method: 'get',
      path: '/campaigns/{id}',
      summary: 'One stamp rally with its texts in every locale',
      access: 'admin',
      params: IdParam,
      response: CampaignResponse,
      errors: [404],
      handler: async ({ params, locale }) => ({ data: await getCampaign(db, params.id, locale) }),
    }),
    defineRoute({
      method: 'post',
      path: '/campaigns',
      summary: 'Create a stamp rally (period in JST dates; rallies may not overlap)',
      access: 'admin',
      rateLimit: 'write',
      body: CampaignInput,
      response: CampaignResponse,
      success: [201],
      errors: [409],
      handler: async ({ body, actor, locale, req, res }) => {
        const data = await saveCampaign(db, actingStaff(staffOf(actor), req.requestId), body, {
          now: clock.now(),
          locale,
        });
        res.status(201);
        return { data };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/campaigns/{id}',
      summary: 'Change a stamp rally (rallies may not overlap)',
      access: 'admin',
      rateLimit: 'write',
      params: IdParam,
      body: CampaignInput,
      response: CampaignResponse,
      errors: [404, 409],
      handler: async ({ params, body, actor, locale, req }) => ({
        data: await saveCampaign(db, actingStaff(staffOf(actor), req.requestId), body, {
          id: params.id,
          now: clock.now(),
          locale,
        }),
      }),
    }),
  ];
}
