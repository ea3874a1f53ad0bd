import { useContentT } from '../../../lib/i18n';
import { InquiryForm } from '../components/inquiry-form';

/** `/contact/` (spec 2, 5): the inquiry form, about nothing in particular. */
export function ContactPage() {
  const c = useContentT();
  return <InquiryForm title={c('contact.title')} lead={c('contact.lead')} />;
}
