// The contacts domain's public face: the mail retry job main.ts runs, and receiving an inquiry.
export { deliverDueInquiries, receiveInquiry } from './contacts.service';
