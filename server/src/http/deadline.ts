import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './errors';
import { errorHandler } from './error-handler';

/**
 * The overall deadline of an API request (REQUEST_TIMEOUT_MS): one still unanswered after
 * `ms` milliseconds answers 503 DATABASE_UNAVAILABLE with Retry-After (the database, behind
 * its own statement, lock and pool timeouts, is the only thing a request waits on), so a
 * client never hangs and the offline queue keeps the action to retry. What the handler does
 * afterwards is not answered again (the error handler logs a late error). Multipart uploads
 * (CSV imports, images) are exempt: their time grows with the file, within their own limits.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is('multipart/form-data')) return next();
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      req.log?.warn({ requestId: req.requestId, deadlineMs: ms }, 'request deadline passed');
      errorHandler(new AppError(503, 'DATABASE_UNAVAILABLE'), req, res, () => undefined);
    }, ms);
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
