/** What bench/run.ts and bench/server.ts share: the path under test, the clock, the messages. */
export const NEARBY_PATH = '/api/coupons/get/nearby/spot/list';
export const FIXED_NOW = '2026-11-21T03:00:00Z';

/** Parent -> server process. */
export type ToServer = { type: 'cpu' } | { type: 'idle' } | { type: 'stop' };

/** Server process -> parent. */
export type FromServer =
  | { type: 'ready'; appPort: number; barePort: number }
  | { type: 'cpu'; userMicros: number; systemMicros: number; wallMs: number }
  | { type: 'idle'; waitedMs: number };
