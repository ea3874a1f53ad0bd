import type { z } from 'zod';
import type { ClientConfigResponse, VisitorResponse } from '@contracts/auth';
import { api } from '../../../lib/api-client';

export type ClientConfig = z.infer<typeof ClientConfigResponse>['data'];
type VisitorBody = z.infer<typeof VisitorResponse>;

/** GET /api/config: which sign-in the client offers. */
export async function fetchClientConfig(): Promise<ClientConfig> {
  return (await api<z.infer<typeof ClientConfigResponse>>('/config')).data;
}

/** POST /api/auth/line/login with the LIFF ID token only; our token arrives in the Authorization header. */
export async function lineLogin(idToken: string): Promise<VisitorBody['data']> {
  return (await api<VisitorBody>('/auth/line/login', { method: 'POST', body: { idToken } })).data;
}

/** Development only: POST /api/auth/demo/login; the token arrives in the Authorization header. */
export async function demoSignIn(deviceId: string): Promise<VisitorBody['data']> {
  return (await api<VisitorBody>('/auth/demo/login', { method: 'POST', body: { deviceId } })).data;
}
