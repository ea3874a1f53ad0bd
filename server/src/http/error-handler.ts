import type { NextFunction, Request, Response } from 'express';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/dialect';
import { translator } from '../i18n';
import { AppError, ConflictError } from './errors';
import type { ErrorBody } from '../contracts/common';

/** Seconds a caller is asked to wait (`Retry-After`) before trying a 503 again. */
export const RETRY_AFTER_S = 5;

/**
 * The only place that builds an error response: `{error: {code, message, details?, requestId}}`
 * with the message in the caller's language (x-lang). A unique-index violation that no
 * service translated becomes 409 DUPLICATE; a database that cannot answer now (down, shutting
 * down, locked past a timeout: `isDatabaseUnavailable`) 503 DATABASE_UNAVAILABLE, logged as a
 * warning; every 503 carries `Retry-After`. Anything unknown is logged and answers 500. An
 * error after the answer has started (the request deadline answered first) is only logged.
 */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) {
    req.log?.warn({ err, requestId: req.requestId }, 'error after the answer was sent');
    return;
  }
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (isUniqueViolation(err)) appError = new ConflictError('DUPLICATE');
  else if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err, requestId: req.requestId }, 'database unavailable');
    appError = new AppError(503, 'DATABASE_UNAVAILABLE');
  } else if (isUploadLimitError(err))
    appError = new AppError(
      err.code === 'LIMIT_FILE_SIZE' ? 413 : 400,
      err.code === 'LIMIT_FILE_SIZE' ? 'PAYLOAD_TOO_LARGE' : 'UPLOAD_REFUSED',
    );
  else if (err instanceof URIError) appError = new AppError(400, 'MALFORMED_URL');
  else if (isClientHttpError(err)) appError = new AppError(err.status, clientErrorCode(err.status));
  else {
    req.log?.error({ err, requestId: req.requestId }, 'unhandled error');
    appError = new AppError(500, 'INTERNAL');
  }
  const t = translator(req.locale ?? 'ja');
  const body: ErrorBody = {
    error: {
      code: appError.code,
      message: t(`errors.${appError.code}`, { ...appError.params, defaultValue: t('errors.INTERNAL') }),
      ...(appError.details ? { details: appError.details.map((d) => localiseDetail(d, t)) } : {}),
      requestId: req.requestId,
    },
  };
  if (appError.status === 503 && !res.getHeader('Retry-After')) res.setHeader('Retry-After', String(RETRY_AFTER_S));
  res.status(appError.status).json(body);
}

/** multer's limits (file size, file count): `MulterError` with a `LIMIT_*` code. */
function isUploadLimitError(err: unknown): err is { code: string } {
  const e = err as { name?: unknown; code?: unknown } | null;
  return !!e && e.name === 'MulterError' && typeof e.code === 'string';
}

/** 4xx errors raised by Express's own middleware (body parser, static files) carry a status. */
/** "field: validation.required" becomes "field: 必ず入力してください" (schemas name locale keys). */
function localiseDetail(detail: unknown, t: ReturnType<typeof translator>): unknown {
  if (typeof detail !== 'string') return detail;
  const match = /^(.*?): (validation\.\w+)$/.exec(detail);
  return match ? `${match[1]}: ${t(match[2]!, { defaultValue: match[2]! })}` : detail;
}

function isClientHttpError(err: unknown): err is { status: number } {
  const e = err as { status?: unknown } | null;
  return !!e && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}

function clientErrorCode(status: number): string {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  return 'MALFORMED_BODY';
}
