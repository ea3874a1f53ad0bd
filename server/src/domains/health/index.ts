/** Health (issue 11): liveness and readiness of this process and its database. */
export { checkReady, READY_RETRY_AFTER_S, READY_TIMEOUT_MS, type Readiness } from './health.service';
