import { LegalPage } from '../components/legal-page';

/** `/terms/` (spec 2): the terms of use. */
export function TermsPage() {
  return <LegalPage doc="terms" sections={9} />;
}
