import type { RequestHandler } from 'express';
import { stdSerializers, type Level } from 'pino';
import type { Logger } from '@waymark/logging';
import { assignRequestId } from './request-id';
import { PROBE_PATHS } from './probe-paths';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (also the `x-request-id` response header). */
    id: string;
    /** Logger bound to `reqId`: everything logged while serving the request carries it. */
    log: Logger;
  }
}

/**
 * One log line per finished request, under its request id. Decision: successful requests (below 400) are logged at
 * `debug`, client errors and requests the client gave up on at `warn`, server errors at `error`. At the default `info` a 2xx costs
 * no serialisation at all: the line (request with redacted headers, status, time) is built only when its level is
 * enabled, and `req.log` is bound to the id only when something logs through it. Access logs of every request belong
 * to the gateway; the services log what needs attention. Probes and scrapes are never logged.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = assignRequestId(req, res);
    req.id = id;
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (bound ??= logger.child({ reqId: id })),
    });
    const path = req.url.split('?', 1)[0] ?? '';
    if (PROBE_PATHS.has(path)) {
      next();
      return;
    }
    const startedAt = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const aborted = !res.writableFinished;
      const level: Level = res.statusCode >= 500 ? 'error' : aborted || res.statusCode >= 400 ? 'warn' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: stdSerializers.req(req),
        res: stdSerializers.res(res),
        responseTime: Math.round(performance.now() - startedAt),
      };
      req.log[level](line, aborted ? 'request aborted' : 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
