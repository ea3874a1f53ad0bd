import { LegalPage } from '../components/legal-page';

/** `/privacy/` (spec 2): the privacy policy. */
export function PrivacyPage() {
  return <LegalPage doc="privacy" sections={8} />;
}
