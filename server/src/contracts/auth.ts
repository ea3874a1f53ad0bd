import { z } from 'zod';

/** Body of POST /api/auth/line/login: the LINE ID token, and the nonce if the client sent one to LINE. */
export const LineLoginBody = z.object({
  idToken: z.string().min(10).max(8192),
  nonce: z.string().min(1).max(200).optional(),
});

/** Body of the development-only demo sign-in: a device id so each browser is its own visitor. */
export const DemoLoginBody = z.object({ deviceId: z.string().regex(/^[\w-]{8,64}$/) });

export const Visitor = z.object({
  id: z.number().int(),
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
});
export type Visitor = z.infer<typeof Visitor>;
export const VisitorResponse = z.object({ data: Visitor });

/** What the client needs to know at start: which sign-in to offer. */
export const ClientConfig = z.object({ liffId: z.string().nullable(), demoLogin: z.boolean() });
export const ClientConfigResponse = z.object({ data: ClientConfig });
