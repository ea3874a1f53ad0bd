import { z } from 'zod';

/** Body of GET /api/health (liveness: the process answers) and GET /api/ready (it can serve). */
export const HealthResponse = z.object({ data: z.object({ status: z.literal('ok') }) });
export type HealthResponse = z.infer<typeof HealthResponse>;
