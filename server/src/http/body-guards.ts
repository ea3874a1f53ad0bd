import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have; no request of the API needs more than a few. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: counts brackets outside
 * strings over the raw UTF-8 bytes (a multi-byte character never holds an ASCII byte), so it
 * needs no stack and sees the body before `JSON.parse` and anything that walks the parsed
 * value recursively (validation, the NUL check) could overflow the stack. Not a validator:
 * malformed JSON is left to the parser.
 */
export function jsonDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of bytes) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * `verify` of `express.json`: refuses a body nested past MAX_JSON_DEPTH before it is parsed.
 * body-parser passes the thrown error on with its status: 400, answered MALFORMED_BODY.
 */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonDeeperThan(body, MAX_JSON_DEPTH))
    throw Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH}`), {
      status: 400,
      type: 'entity.too.deep',
    });
}

/**
 * Before any multipart reader (the image routes' `upload`, the CSV imports' own): a
 * `multipart/form-data` body whose content type names no boundary cannot be read (busboy
 * throws, which answered 500), so it answers 400 MALFORMED_BODY.
 */
export function requireMultipartBoundary(req: Request, _res: Response, next: NextFunction): void {
  const type = req.get('content-type') ?? '';
  if (req.is('multipart/form-data') && !/;\s*boundary=("?)[^";]+\1/i.test(type))
    return next(new AppError(400, 'MALFORMED_BODY'));
  next();
}

/**
 * Wraps a multipart reader (multer over busboy, storing in memory): a failure of its own other
 * than multer's limits (`MulterError`, answered 413/400 by the error handler) means a body
 * that cannot be read, e.g. busboy's "Unexpected end of form" or "Malformed part header",
 * and answers 400 MALFORMED_BODY instead of 500.
 */
export function readingMultipart(reader: RequestHandler): RequestHandler {
  return (req, res, next) =>
    reader(req, res, (err?: unknown) => {
      const multerLimit = (err as { name?: unknown } | null)?.name === 'MulterError';
      if (err === undefined || typeof err === 'string' || err instanceof AppError || multerLimit) return next(err);
      next(new AppError(400, 'MALFORMED_BODY'));
    });
}
