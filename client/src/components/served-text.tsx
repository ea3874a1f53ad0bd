import { useLocale, useT } from '../lib/i18n';

/**
 * Whether a text the server sent in `served` (contracts/coupons `textLocale`, on texts and spot names)
 * fell back to Japanese on a page in another language: it has no translation yet.
 */
export function useFellBack(): (served: string | undefined) => boolean {
  const locale = useLocale();
  return (served) => served === 'ja' && locale !== 'ja';
}

/** The small "Japanese only" tag, in the visitor's language, beside a text that fell back (styled by `.ja-only` in the coupons styles). */
export function JaOnlyTag({ show }: { show: boolean }) {
  const t = useT();
  if (!show) return null;
  return (
    <span className="ja-only" data-testid="ja-only">
      {t('common.jaOnly')}
    </span>
  );
}

/**
 * A text as served: marked `lang="ja"` (so screen readers read it in Japanese) with the
 * "Japanese only" tag when it fell back to Japanese for lack of a translation (issue 11).
 */
export function ServedText({ text, served, tag = true }: { text: string; served: string | undefined; tag?: boolean }) {
  const fellBack = useFellBack()(served);
  return (
    <>
      <span lang={fellBack ? 'ja' : undefined}>{text}</span>
      {tag && fellBack && ' '}
      <JaOnlyTag show={tag && fellBack} />
    </>
  );
}
