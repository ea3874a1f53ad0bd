import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { Locale } from '../contracts/common';
import type { Mailer } from '../mail/mailer';
import type { ImageStore } from '../storage/image-store';

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
  mailer: Mailer;
  /** Where uploaded images are kept (local UPLOAD_DIR by default). */
  images: ImageStore;
}

/** Rate limiters by purpose (issue 3), built once per app and attached to routes by name. */
export type LimiterName = 'login' | 'token' | 'write' | 'contact';

/**
 * A signed-in staff member as the database has them on this request (http/middleware
 * `authenticate` loads the account for every staff token): role, email and spots are never
 * taken from the token, so a disabled, deleted or changed account takes effect at once.
 */
export type StaffActor = {
  kind: 'staff';
  staffId: number;
  role: 'admin' | 'shop';
  email: string;
  displayName: string;
  /** The spots of shop staff (empty for admins, who see every spot). */
  spotIds: number[];
};

/** Who is calling: nobody, a signed-in visitor, or a staff member (admin, or shop staff). */
export type Actor = { kind: 'anonymous' } | { kind: 'visitor'; userId: number } | StaffActor;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    locale: Locale;
    actor: Actor;
    authError?: Error;
    /** The logger bound to this request (http/logger.ts: requestLogger). */
    log: Logger;
  }
}

/** The signed-in visitor's user id; routes with access 'visitor' always have one. */
export function visitorIdOf(actor: Actor): number {
  if (actor.kind !== 'visitor') throw new Error('visitor route reached without a visitor');
  return actor.userId;
}

/** The signed-in staff member; routes with access 'staff' or 'admin' always have one. */
export function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw new Error('staff route reached without staff');
  return actor;
}

/** The signed-in visitor's user id, or undefined for an anonymous caller. */
export function optionalVisitorIdOf(actor: Actor): number | undefined {
  return actor.kind === 'visitor' ? actor.userId : undefined;
}
