import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from '@waymark/logging';
import { assignRequestId } from './request-id';
import { PROBE_PATHS } from './probe-paths';

/** One log line per request, with the request id bound as `reqId` on `req.log` for everything logged meanwhile. */
export function requestLogging(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    // Lines logged through req.log carry just `reqId`, not the whole request again.
    quietReqLogger: true,
    // Probes and scrapes arrive every few seconds; logging them would drown real traffic.
    autoLogging: { ignore: (req: IncomingMessage) => PROBE_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      if (err || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
  });
}
