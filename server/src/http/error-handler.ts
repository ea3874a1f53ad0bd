import type { NextFunction, Request, Response } from 'express';
import { isUniqueViolation } from '../db/dialect';
import { translator } from '../i18n';
import { AppError, ConflictError } from './errors';
import type { ErrorBody } from '../contracts/common';

/**
 * The only place that builds an error response: `{error: {code, message, details?, requestId}}`
 * with the message in the caller's language (x-lang). A unique-index violation that no
 * service translated becomes 409 DUPLICATE; anything unknown is logged and answers 500.
 */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (isUniqueViolation(err)) appError = new ConflictError('DUPLICATE');
  else if (isUploadLimitError(err))
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
