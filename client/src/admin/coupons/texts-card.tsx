import { useId } from 'react';
import type { Locale } from '@contracts/common';
import { useAdminT } from '../lib/i18n';
import { LocaleTextsFields, type TextFieldSpec } from '../lib/locale-texts';
import {
  MAX_LENGTH,
  TEXT_FIELDS,
  type CouponFormValue,
  type FieldErrors,
  type TextField,
  type Texts,
} from './admin-coupon-form-model';

/** The coupon's text fields: title and discount required in ja, description optional and long. */
const COUPON_TEXT_FIELDS: readonly TextFieldSpec[] = TEXT_FIELDS.map((f) => ({
  name: f,
  label: `couponForm.fields.${f}` as const,
  placeholder: `couponForm.placeholders.${f}` as const,
  max: MAX_LENGTH[f],
  required: f !== 'description',
  multiline: f === 'description',
  rows: 6,
}));

/**
 * The coupon's texts per language (issue 6), in a card: ja is required; another language
 * left empty shows the ja text to visitors, and the tab says so. The form chooses the
 * language shown (it opens the one of the first error).
 */
export function TextsCard({
  value,
  errors,
  onChange,
  locale,
  onLocale,
}: {
  value: CouponFormValue;
  errors: FieldErrors;
  onChange: (field: TextField, texts: Texts) => void;
  locale: Locale;
  onLocale: (l: Locale) => void;
}) {
  const t = useAdminT();
  const base = useId();
  return (
    <section className="adm-card adm-section" aria-labelledby={`${base}-h`}>
      <h2 className="adm-section__title" id={`${base}-h`}>
        {t('couponForm.texts')}
      </h2>
      <LocaleTextsFields
        fields={COUPON_TEXT_FIELDS}
        values={{ title: value.title, discount: value.discount, description: value.description }}
        errors={errors}
        onChange={(field, texts) => onChange(field as TextField, texts)}
        locale={locale}
        onLocale={onLocale}
      />
    </section>
  );
}
