import { clearToken, readToken, saveToken } from './auth-token';
import { ClientError, errorText } from './errors';
import { currentLocale, type Locale } from './i18n';

/** A failed API call: HTTP status (0 for no network), the server's code and localised message. */
export class ApiError extends ClientError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    readonly requestId?: string,
    /** The server's field details of a 400 ("body.email: 必ず入力してください"), for forms. */
    readonly details?: readonly string[],
  ) {
    super(code, message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The language to answer in (`x-lang`) when the caller knows it: a screen of a language being switched to asks before i18n has switched. */
  locale?: Locale;
};

const BEARER = /^Bearer\s+(\S+)$/i;

function urlOf(path: string, query?: ApiOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function codeForStatus(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

/**
 * Calls the product API (spec 7, design: The API contract): `Accept: application/json`,
 * `x-lang` with the page's language, and the visitor's bearer token. A token answered in the
 * `Authorization` response header is stored (spec 6); a 401 forgets the stored one. Errors
 * become an ApiError with the server's localised message, else `errors.<code>` from the
 * locales; no network becomes `errors.NETWORK`.
 * @returns the parsed JSON body (`{data}` or `{data, meta}`)
 * @throws ApiError
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-lang': opts.locale ?? currentLocale(),
    ...opts.headers,
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(urlOf(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', errorText('NETWORK'));
  }

  const answered = BEARER.exec(res.headers.get('Authorization') ?? '')?.[1];
  if (answered) saveToken(answered);
  if (res.status === 401) clearToken();

  let body: unknown = null;
  try {
    body = res.status === 204 ? null : await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return body as T;

  const error = (
    body as { error?: { code?: unknown; message?: unknown; requestId?: unknown; details?: unknown } } | null
  )?.error;
  const code = typeof error?.code === 'string' ? error.code : codeForStatus(res.status);
  const message = typeof error?.message === 'string' && error.message ? error.message : errorText(code);
  const details = Array.isArray(error?.details)
    ? error.details.filter((d): d is string => typeof d === 'string')
    : undefined;
  throw new ApiError(
    res.status,
    code,
    message,
    typeof error?.requestId === 'string' ? error.requestId : undefined,
    details,
  );
}
