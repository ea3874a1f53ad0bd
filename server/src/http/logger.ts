import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Request, RequestHandler } from 'express';

/** Header and body paths never written to logs (tokens, cookies, passwords). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'body.idToken',
];

/** The JSON logger of the server (pino), at the configured level. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

/** Structured request logs with our request id; query strings are kept out of the logged URL. */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as unknown as Request).requestId,
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string> }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
        lang: req.headers['x-lang'],
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
