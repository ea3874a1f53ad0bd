import { useDocumentTitle } from '../../components/document-title';
import { useT } from '../../lib/i18n';

/** Spec 1: what a desktop browser sees on the public layout instead of the page. */
export function PcGate() {
  const t = useT();
  useDocumentTitle(null);
  return (
    <main className="pc-gate" data-testid="pc-gate">
      <svg className="pc-gate__art" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
        <circle cx="48" cy="48" r="46" fill="var(--accent-soft)" />
        <rect x="31" y="16" width="34" height="64" rx="7" fill="#fff" stroke="var(--accent)" strokeWidth="3.5" />
        <path d="M43 71h10" stroke="var(--accent)" strokeWidth="3.5" strokeLinecap="round" />
        <path
          d="M40 38l6 6 11-12"
          fill="none"
          stroke="var(--accent)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="pc-gate__message">{t('gate.pc')}</p>
    </main>
  );
}
