import type { Area, Purpose } from '@contracts/common';
import { LOCALES } from '@contracts/common';
import type { AdminCoupon, CouponInput } from './coupons.api';
import type { AdminKey } from '../lib/i18n';
import { emptyTexts, textsBody, textsFrom, type LocaleTexts } from '../lib/locale-texts';

export type Texts = LocaleTexts;
export type SpotRef = { id: number; name: string; storeCode: string };

/** What the coupon form edits: every field as the inputs hold it (strings while typing). */
export type CouponFormValue = {
  title: Texts;
  discount: Texts;
  description: Texts;
  spots: SpotRef[];
  area: Area | '';
  purpose: Purpose | '';
  genre: string;
  tags: string[];
  validFrom: string;
  validTo: string;
  published: boolean;
  linePointAmount: string;
};

export const TEXT_FIELDS = ['title', 'discount', 'description'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Limits the server checks too (contracts/admincoupons): shown as counters beside the inputs. */
export const MAX_LENGTH: Record<TextField, number> = { title: 300, discount: 300, description: 4000 };
export const MAX_TAGS = 20;
export const MAX_POINTS = 100000;

/** A new coupon: valid from today for three months, not yet published. */
export function emptyCoupon(today: string): CouponFormValue {
  const to = new Date(`${today}T00:00:00Z`);
  to.setUTCMonth(to.getUTCMonth() + 3);
  return {
    title: emptyTexts(),
    discount: emptyTexts(),
    description: emptyTexts(),
    spots: [],
    area: '',
    purpose: '',
    genre: '',
    tags: [],
    validFrom: today,
    validTo: to.toISOString().slice(0, 10),
    published: false,
    linePointAmount: '0',
  };
}

/** The form's value for a stored coupon. */
export function fromCoupon(c: AdminCoupon): CouponFormValue {
  return {
    title: textsFrom(c.title),
    discount: textsFrom(c.discount),
    description: textsFrom(c.description),
    spots: c.spots.map((s) => ({ id: s.id, name: s.name, storeCode: s.storeCode })),
    area: c.area,
    purpose: c.purpose,
    genre: c.genre ?? '',
    tags: [...c.tags],
    validFrom: c.validFrom,
    validTo: c.validTo,
    published: c.published,
    linePointAmount: String(c.linePointAmount),
  };
}

/** The body of POST/PUT /api/admincoupons (call only once `validate` found nothing). */
export function toInput(v: CouponFormValue): CouponInput {
  return {
    title: textsBody(v.title),
    discount: textsBody(v.discount),
    description: textsBody(v.description),
    spotIds: v.spots.map((s) => s.id),
    area: v.area as Area,
    purpose: v.purpose as Purpose,
    genre: v.genre.trim() || null,
    tags: v.tags,
    validFrom: v.validFrom,
    validTo: v.validTo,
    published: v.published,
    linePointAmount: Number(v.linePointAmount || 0),
  };
}

export type FieldErrors = Record<string, string>;

/**
 * The checks that need no server, with the admin texts to show beside each field (keys as
 * the server names them: `title.ja`, `spotIds`, `validTo`, ...). The server checks again.
 */
export function validate(
  v: CouponFormValue,
  t: (key: AdminKey, values?: Record<string, string | number>) => string,
): FieldErrors {
  const e: FieldErrors = {};
  if (!v.title.ja.trim()) e['title.ja'] = t('couponForm.errors.titleRequired');
  if (!v.discount.ja.trim()) e['discount.ja'] = t('couponForm.errors.discountRequired');
  for (const f of TEXT_FIELDS) {
    for (const l of LOCALES) {
      if (v[f][l].trim().length > MAX_LENGTH[f])
        e[`${f}.${l}`] = t('couponForm.errors.tooLong', { max: MAX_LENGTH[f] });
    }
  }
  if (v.spots.length === 0) e.spotIds = t('couponForm.errors.spotsRequired');
  if (!v.area) e.area = t('couponForm.errors.areaRequired');
  if (!v.purpose) e.purpose = t('couponForm.errors.purposeRequired');
  if (!v.validFrom) e.validFrom = t('couponForm.errors.dateRequired');
  if (!v.validTo) e.validTo = t('couponForm.errors.dateRequired');
  else if (v.validFrom && v.validTo < v.validFrom) e.validTo = t('couponForm.errors.periodOrder');
  const points = Number(v.linePointAmount || 0);
  if (!/^\d*$/.test(v.linePointAmount.trim()) || points > MAX_POINTS)
    e.linePointAmount = t('couponForm.errors.points', { max: MAX_POINTS });
  return e;
}

/** Server field errors keyed as the form shows them (`tags.3` belongs to the tags field). */
export function formFieldOf(path: string): string {
  if (path.startsWith('tags')) return 'tags';
  if (path.startsWith('spotIds')) return 'spotIds';
  return path;
}

/** The order fields appear in, for focusing the first one in error. */
export const FIELD_ORDER = [
  ...TEXT_FIELDS.flatMap((f) => LOCALES.map((l) => `${f}.${l}`)),
  'spotIds',
  'area',
  'purpose',
  'genre',
  'tags',
  'validFrom',
  'validTo',
  'linePointAmount',
];

export const sameValue = (a: CouponFormValue, b: CouponFormValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Today's JST date (the validity period is in JST calendar dates). */
export function todayJst(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}
