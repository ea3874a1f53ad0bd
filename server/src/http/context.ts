import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { Locale } from '../contracts/common';

/** The source of "now"; tests pass a fixed clock instead of patching Date. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What createApp is built from: no globals (design: app.ts). */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

/** Who is calling: nobody, or a signed-in visitor. */
export type Actor = { kind: 'anonymous' } | { kind: 'visitor'; userId: number };

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    locale: Locale;
    actor: Actor;
  }
}

/** The signed-in visitor's user id; routes with access 'visitor' always have one. */
export function visitorIdOf(actor: Actor): number {
  if (actor.kind !== 'visitor') throw new Error('visitor route reached without a visitor');
  return actor.userId;
}

/** The signed-in visitor's user id, or undefined for an anonymous caller. */
export function optionalVisitorIdOf(actor: Actor): number | undefined {
  return actor.kind === 'visitor' ? actor.userId : undefined;
}
