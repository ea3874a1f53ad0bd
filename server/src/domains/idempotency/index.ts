// The idempotency domain's public face: stored answers to replayed requests.
export { remember, replayOf, requestHash } from './idempotency.service';
