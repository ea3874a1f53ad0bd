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
  else if (isBodyParserError(err)) appError = new AppError(err.status, err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_BODY');
  else {
    console.error(JSON.stringify({ level: 'error', requestId: req.requestId, err: String((err as Error)?.stack ?? err) }));
    appError = new AppError(500, 'INTERNAL');
  }
  const t = translator(req.locale ?? 'ja');
  const body: ErrorBody = {
    error: {
      code: appError.code,
      message: t(`errors.${appError.code}`, { ...appError.params, defaultValue: t('errors.INTERNAL') }),
      ...(appError.details ? { details: appError.details } : {}),
      requestId: req.requestId,
    },
  };
  res.status(appError.status).json(body);
}

function isBodyParserError(err: unknown): err is { status: number; type: string } {
  const e = err as { status?: unknown; type?: unknown } | null;
  return !!e && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && typeof e.type === 'string';
}
