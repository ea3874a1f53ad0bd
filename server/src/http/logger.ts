import pino, { type Logger } from 'pino';
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

/** What a request's log lines say about it: id, method, path (never the query string), language, user agent. */
function describeRequest(req: Request) {
  return {
    id: req.requestId,
    method: req.method,
    path: (req.originalUrl || req.url).split('?')[0],
    lang: req.headers['x-lang'],
    userAgent: req.headers['user-agent'],
  };
}

/**
 * Structured request logs with our request id (after `requestId`): one line at `info` when
 * the response ends, `{req, res: {statusCode}, responseTime}` (ms) with the message `request
 * completed`, `request aborted` (the client left first) or, for 5xx, `request errored` with an
 * `err`, as pino-http writes them. `req.log` is the logger bound to the request (`{req}`),
 * made only when something logs through it, so a request that logs nothing else costs one
 * line, or nothing below `info`.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (bound ??= logger.child({ req: describeRequest(req) })),
    });
    const ended = () => {
      res.off('finish', ended);
      res.off('close', ended);
      if (!logger.isLevelEnabled('info')) return;
      const line = {
        req: describeRequest(req),
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (res.statusCode >= 500)
        logger.info({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else logger.info(line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
    };
    res.on('finish', ended);
    res.on('close', ended);
    next();
  };
}
