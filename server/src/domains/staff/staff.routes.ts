import { StaffLoginBody, StaffLoginResponse, StaffUserResponse } from '../../contracts/staff';
import { staffOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { staffLogin, staffUserOf } from './staff.service';

/** Admin-area sign-in (spec 6, 7): POST /login answers {data: {token, user}}; GET /user. */
export function staffRoutes({ db, config, clock }: AppDeps): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/login',
      summary: 'Staff sign-in with email and password (admin area)',
      access: 'public',
      adminArea: true,
      rateLimit: 'login',
      body: StaffLoginBody,
      response: StaffLoginResponse,
      errors: [401],
      handler: async ({ body }) => ({
        data: await staffLogin(db, { ...body, jwtSecret: config.jwtSecret, now: clock.now() }),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/user',
      summary: 'The signed-in staff member',
      access: 'staff',
      response: StaffUserResponse,
      handler: async ({ actor }) => ({ data: staffUserOf(staffOf(actor)) }),
    }),
  ];
}
