import type { DerivedData } from '../db/derived-data';
import type { AppDeps } from '../http/context';
import type { AnyRoute } from '../http/route';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { campaignRoutes } from './campaigns/campaigns.routes';
import { COUPON_SEARCH_DATA } from './coupon-search';
import { deliverDueInquiries } from './contacts';
import { contactRoutes } from './contacts/contacts.routes';
import { couponReportRoutes } from './coupon-reports/coupon-reports.routes';
import { adminCouponRoutes } from './coupons/admincoupons.routes';
import { nearbyCouponRoutes } from './coupons/coupons.nearby.routes';
import { couponCallRoutes } from './coupons/coupons.calls.routes';
import { couponRoutes } from './coupons/coupons.routes';
import { couponSearchRoutes } from './coupons/coupons.search.routes';
import { couponRankingRoutes } from './coupons/coupons.ranking.routes';
import { faqRoutes } from './faqs/faqs.routes';
import { healthRoutes } from './health/health.routes';
import { prizeRoutes } from './prizes/prizes.routes';
import { spotAdminRoutes } from './spots/spots.routes';
import { staffRoutes } from './staff/staff.routes';
import { stampRoutes } from './stamps/stamps.routes';

/**
 * Work a domain does in the background: `run` every `everyMs` milliseconds in every serving
 * process (main.ts), so it must be safe to run in several processes at once (claims,
 * conditional updates). A failure is logged and the next run tries again.
 */
export type DomainJob = {
  name: string;
  everyMs: number;
  run: (deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>) => Promise<unknown>;
};

/**
 * A domain as app.ts mounts it: its name, its API routes (paths as spec section 7), its jobs,
 * and the derived data it keeps (main.ts brings it up to date at start, db/derived-data.ts).
 */
export type Domain = {
  name: string;
  routes: (deps: AppDeps) => AnyRoute[];
  jobs?: readonly DomainJob[];
  derived?: readonly DerivedData[];
};

/**
 * Every domain with routes, in mounting order: the one list app.ts reads. A new domain adds
 * its entry here (README, "Layout"); domains without routes (idempotency, users) are reached
 * through their index only.
 */
export const DOMAINS: readonly Domain[] = [
  { name: 'health', routes: healthRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'staff', routes: staffRoutes },
  {
    name: 'coupons',
    routes: (deps) => [
      ...couponRoutes(deps),
      ...couponSearchRoutes(deps),
      ...couponRankingRoutes(deps),
      ...nearbyCouponRoutes(deps),
      ...adminCouponRoutes(deps),
    ],
    derived: [COUPON_SEARCH_DATA],
  },
  // Issue 15: the remaining visitor coupon calls of spec 7 (their own file).
  { name: 'coupon-calls', routes: couponCallRoutes },
  { name: 'campaigns', routes: campaignRoutes },
  { name: 'stamps', routes: stampRoutes },
  { name: 'prizes', routes: prizeRoutes },
  {
    name: 'contacts',
    routes: contactRoutes,
    // Unsent contact inquiries are retried every minute; claims keep two processes from sending one twice.
    jobs: [
      {
        name: 'contact outbox',
        everyMs: 60_000,
        run: ({ db, mailer, config, clock }) => deliverDueInquiries(db, mailer, config.mail, clock.now()),
      },
    ],
  },
  { name: 'faqs', routes: faqRoutes },
  { name: 'audit', routes: auditRoutes },
  { name: 'spots', routes: spotAdminRoutes },
  { name: 'coupon-reports', routes: couponReportRoutes },
];
