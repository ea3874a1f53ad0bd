import { ClientConfigResponse, DemoLoginBody, LineLoginBody, VisitorResponse } from '../../contracts/auth';
import { visitorIdOf, type AppDeps } from '../../http/context';
import { defineRoute, type AnyRoute } from '../../http/route';
import { translator } from '../../i18n';
import { currentVisitor } from '../users';
import { demoLogin, lineLogin } from './auth.service';
import { createLineIdTokenVerifier } from './line-id-token';

/** Auth routes (spec 6, 7): LINE login, the signed-in visitor, client sign-in settings. */
export function authRoutes(deps: AppDeps): AnyRoute[] {
  const { db, config, clock } = deps;
  const verifyLineIdToken = createLineIdTokenVerifier({
    ...config.line,
    jwksUrl: config.lineJwksUrl,
    cooldownMs: config.lineJwksCooldownMs,
  });
  const routes: AnyRoute[] = [
    defineRoute({
      method: 'post',
      path: '/auth/line/login',
      summary: 'Sign in with a LINE ID token; our JWT comes back in the Authorization response header',
      access: 'public',
      rateLimit: 'token',
      body: LineLoginBody,
      response: VisitorResponse,
      errors: [401],
      handler: async ({ body, res }) => {
        const { token, visitor } = await lineLogin(db, verifyLineIdToken, {
          idToken: body.idToken,
          nonce: body.nonce,
          jwtSecret: config.jwtSecret,
          now: clock.now(),
        });
        res.setHeader('Authorization', `Bearer ${token}`);
        return { data: visitor };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in visitor',
      access: 'visitor',
      response: VisitorResponse,
      handler: async ({ actor }) => ({ data: await currentVisitor(db, visitorIdOf(actor)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/config',
      summary: 'Which sign-in the client offers (LIFF id, demo sign-in outside production)',
      access: 'public',
      response: ClientConfigResponse,
      handler: async () => ({ data: { liffId: config.line.liffId ?? null, demoLogin: config.demoLogin } }),
    }),
  ];
  if (config.demoLogin) {
    routes.push(
      defineRoute({
        method: 'post',
        path: '/auth/demo/login',
        summary: 'Development only: sign in as a demo visitor of this device (absent in production)',
        access: 'public',
        rateLimit: 'token',
        body: DemoLoginBody,
        response: VisitorResponse,
        handler: async ({ body, res, locale }) => {
          const { token, visitor } = await demoLogin(db, {
            deviceId: body.deviceId,
            displayName: translator(locale)('auth.demoVisitorName'),
            jwtSecret: config.jwtSecret,
            now: clock.now(),
          });
          res.setHeader('Authorization', `Bearer ${token}`);
          return { data: visitor };
        },
      }),
    );
  }
  return routes;
}
