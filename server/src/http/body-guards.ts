import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
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
 * Before an upload route's multipart reader: a `multipart/form-data` body whose content type
 * names no boundary cannot be read (busboy throws), so it answers 400 MALFORMED_BODY. Any
 * other content type goes on to the reader, which finds no file in it.
 */
export function requireMultipartBoundary(req: Request, _res: Response, next: NextFunction): void {
  const type = req.get('content-type') ?? '';
  if (req.is('multipart/form-data') && !/;\s*boundary=("?)[^";]+\1/i.test(type))
    return next(new AppError(400, 'MALFORMED_BODY'));
  next();
}
