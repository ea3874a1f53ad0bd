// The contacts domain's public face: the mail retry job main.ts runs.
export { deliverDueInquiries } from './contacts.service';
