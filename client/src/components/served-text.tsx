import { useLocale, useT } from '../lib/i18n';

/**
 * A text as served (contracts/coupons `textLocale`, on texts and spot names): when it fell
 * back to Japanese on a page in another language (no translation yet, issue 11) it is marked
 * `lang="ja"` (read in Japanese by screen readers) and followed by a small "Japanese only"
 * tag in the visitor's language (`.ja-only`, in the coupon styles). Without `text`, only the
 * tag (for a name inside a translated sentence); `tag={false}`, only the marking.
 */
export function ServedText({ text, served, tag = true }: { text?: string; served?: string; tag?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const fellBack = served === 'ja' && locale !== 'ja';
  return (
    <>
      {text !== undefined && <span lang={fellBack ? 'ja' : undefined}>{text}</span>}
      {tag && fellBack && (
        <>
          {' '}
          <span className="ja-only">{t('common.jaOnly')}</span>
        </>
      )}
    </>
  );
}
