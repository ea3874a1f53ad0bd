import type { AppDeps } from '../http/context';
import type { AnyRoute } from '../http/route';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { campaignRoutes } from './campaigns/campaigns.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { couponReportRoutes } from './coupon-reports/coupon-reports.routes';
import { adminCouponRoutes } from './coupons/admincoupons.routes';
import { couponRoutes } from './coupons/coupons.routes';
import { faqRoutes } from './faqs/faqs.routes';
import { healthRoutes } from './health/health.routes';
import { spotAdminRoutes } from './spots/spots.routes';
import { staffRoutes } from './staff/staff.routes';
import { stampRoutes } from './stamps/stamps.routes';

/** A domain as app.ts mounts it: its name and its API routes (paths as spec section 7). */
export type Domain = { name: string; routes: (deps: AppDeps) => AnyRoute[] };

/**
 * Every domain with routes, in mounting order: the one list app.ts reads. A new domain adds
 * its entry here (README, "Layout"); domains without routes (idempotency, users) are reached
 * through their index only.
 */
export const DOMAINS: readonly Domain[] = [
  { name: 'health', routes: healthRoutes },
  { name: 'auth', routes: authRoutes },
  { name: 'staff', routes: staffRoutes },
  { name: 'coupons', routes: (deps) => [...couponRoutes(deps), ...adminCouponRoutes(deps)] },
  { name: 'campaigns', routes: campaignRoutes },
  { name: 'stamps', routes: stampRoutes },
  { name: 'contacts', routes: contactRoutes },
  { name: 'faqs', routes: faqRoutes },
  { name: 'audit', routes: auditRoutes },
  { name: 'spots', routes: spotAdminRoutes },
  { name: 'coupon-reports', routes: couponReportRoutes },
];
