import { adminLocale, adminT, hasAdminMessage, type AdminKey } from './i18n';
import { clearStaffToken, readStaffToken } from './staff-token';

/**
 * A failed admin API call: HTTP status (0 without network), the server's code, the message
 * to show (the server's, localised by x-lang, else `errors.<code>` from the admin locales)
 * and field errors from a 400 (`{ 'title.ja': 'Required' }`).
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The admin text of an error code, or the generic one. */
export function adminErrorText(code: string): string {
  const key = `errors.${code}`;
  return adminT(hasAdminMessage(key) ? (key as AdminKey) : 'errors.INTERNAL');
}

/**
 * A record id read from the page's URL: a whole number from 1. Anything else (`/coupon/abc/`)
 * names no record, so the page says "not found" without asking the server.
 * @throws AdminApiError 404 NOT_FOUND
 */
export function recordId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new AdminApiError(404, 'NOT_FOUND', adminErrorText('NOT_FOUND'));
  return id;
}

/** What to show for any thrown value. */
export function adminMessageOf(err: unknown): string {
  return err instanceof AdminApiError ? err.message : adminErrorText('INTERNAL');
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;
export type AdminApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const many = Array.isArray(value);
    for (const v of many ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(many ? `${key}[]` : key, String(v));
    }
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'x-lang': adminLocale() };
  const token = readStaffToken();
  if (token) h.Authorization = `Bearer ${token}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

function codeForStatus(status: number, emptyBody: boolean): string {
  if (status === 401) return 'UNAUTHORIZED';
  // Spec 6: the address allow-list answers 403 with an empty body; a role refusal has one.
  if (status === 403) return emptyBody ? 'ADDRESS_NOT_ALLOWED' : 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

/** `body.title.ja: Required` -> `{ 'title.ja': 'Required' }` (first message per field). */
export function fieldErrors(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details) {
    if (typeof d !== 'string') continue;
    const m = /^(?:body|query|params)\.([^:]+): (.+)$/.exec(d);
    if (m && !(m[1]! in out)) out[m[1]!] = m[2]!;
  }
  return out;
}

/**
 * Turns a finished response into its JSON body or an AdminApiError. A 401 forgets the staff
 * token (the session then sends the page to the login screen).
 */
export function settle<T>(status: number, text: string): T {
  if (status === 401) clearStaffToken();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (status >= 200 && status < 300) return body as T;
  const error = (
    body as { error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } } | null
  )?.error;
  const code = typeof error?.code === 'string' ? error.code : codeForStatus(status, !text);
  const message = typeof error?.message === 'string' && error.message ? error.message : adminErrorText(code);
  throw new AdminApiError(
    status,
    code,
    message,
    fieldErrors(error?.details),
    typeof error?.requestId === 'string' ? error.requestId : undefined,
  );
}

/**
 * Calls the product API as the signed-in staff member (spec 6, 7): `Accept: application/json`,
 * `x-lang` with the admin UI's language, the staff bearer token.
 * @throws AdminApiError
 */
export async function adminApi<T>(path: string, opts: AdminApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: headers(opts.body !== undefined),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new AdminApiError(0, 'NETWORK', adminErrorText('NETWORK'));
  }
  return settle<T>(res.status, res.status === 204 ? '' : await res.text());
}

/**
 * Uploads a multipart form with progress (fetch cannot report upload progress; XHR can).
 * `onProgress` gets 0..1.
 * @throws AdminApiError
 */
export function adminUpload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        onProgress(1);
        resolve(settle<T>(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new AdminApiError(0, 'NETWORK', adminErrorText('NETWORK')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
