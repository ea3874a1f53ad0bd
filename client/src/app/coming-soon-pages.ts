import type { PageId } from '../lib/paths';

/**
 * The pages of spec 2 whose screens a later issue builds: they show the "coming soon" screen
 * (never a 404), and the site menu leaves them out, so that a visitor is offered only what
 * works today. A page leaves this list when its screen lands.
 */
export const COMING_SOON_PAGES = [
  'payment',
  'point',
  'couponQuestion',
  'pointsPayment',
  'paymentThanks',
  'prizeQuestion',
] as const satisfies readonly PageId[];
export type ComingSoonPageId = (typeof COMING_SOON_PAGES)[number];
