import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import type { Logger } from '@waymark/logging';
import { errorHandler, notFoundHandler } from '../errors/error-handler';
import { idempotencyKeyFormat, idempotentAuthenticator, type IdempotencyOptions } from '../idempotency/idempotency';
import { cors } from './cors';
import { setTsoaAppContext } from '../tsoa/app-context';
import type { Authenticator } from '../tsoa/authenticator';
import type { ControllerContainer } from '../tsoa/controller-container';
import { healthRoutes, type ReadinessChecks } from './health';
import { jsonBody } from './json-body';
import { jsonBodyGuard, type BulkRowFields } from './json-body-guard';
import { jsonOnly } from './json-only';
import { loadShedding, type LoadSheddingOptions } from './load-shedding';
import { methodNotAllowed } from './method-not-allowed';
import { createHttpMetrics } from './metrics';
import { METRICS_PATH } from './probe-paths';
import { requestGuard } from './request-guard';
import { requestLogging } from './request-logging';
import { requestTracing } from './request-tracing';

export interface HttpAppOptions {
  readonly service: string;
  readonly logger: Logger;
  /** Dependency checks behind `/readyz`, e.g. `{ postgres: () => db.ping(), kafka: () => bus.isConnected() }`. */
  readonly readiness?: ReadinessChecks;
  /** Per-check deadline for `/readyz`; a probe must answer well inside the orchestrator's own timeout. */
  readonly readinessTimeoutMs?: number;
  /** Largest accepted JSON body (bytes or a string such as '1mb'); larger ones get 413 `payload_too_large`. */
  readonly bodyLimit?: number | string;
  /** Express's `trust proxy` setting: which hops may set X-Forwarded-For (the gateway in production). */
  readonly trustProxy?: boolean | number | string | readonly string[];
  /** Pass one to add service metrics beside the HTTP ones; a fresh registry otherwise. */
  readonly registry?: Registry;
  readonly authenticator?: Authenticator;
  readonly controllers?: ControllerContainer;
  /**
   * `Idempotency-Key` on POST: where keys are kept and whose they are. Honoured once the authenticator accepted the
   * request (key, rate limit, scopes). Without it the header is ignored.
   */
  readonly idempotency?: IdempotencyOptions;
  /** Browser origins allowed to call the API (CORS); none, the default, allows no other site. */
  readonly corsOrigins?: readonly string[];
  /**
   * Bulk routes (POST path -> rows field, e.g. `{ '/v1/links/bulk': 'rows' }`) whose rows the body guard checks one
   * by one, so an unsafe row fails alone instead of the request (spec 4.4 rule 2).
   */
  readonly bulkRowFields?: BulkRowFields;
  /**
   * Overload answers: beyond these limits a request is answered 503 `unavailable` with `Retry-After` at once (see
   * load-shedding.ts); defaults when omitted. `false` only for an app that serves no API (nothing to shed).
   */
  readonly loadShedding?: LoadSheddingOptions | false;
  /** Registers the service's routes (typically tsoa's `RegisterRoutes(app)`). */
  mount(app: Express): void;
}

const DEFAULT_BODY_LIMIT = '1mb';
const DEFAULT_READINESS_TIMEOUT_MS = 2_000;

/** The express app every Waymark service serves: same probes, metrics, logging and error bodies everywhere. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express's weak body-hash ETag would contradict the resources' own strong tags (etag/entity-tag.ts), which are
  // the only ones If-Match accepts; an answer carries an ETag only where a route sets one.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('json spaces', 0);
  const authenticator =
    options.idempotency && options.authenticator
      ? idempotentAuthenticator(options.authenticator, options.idempotency)
      : options.authenticator;
  setTsoaAppContext(app, { authenticator, controllers: options.controllers });
  app.use(cors(options.corsOrigins ?? []));

  // Every answer is JSON (or a probe's text): never to be sniffed into HTML or script by a browser.
  app.use((_req, res, next) => {
    res.setHeader('x-content-type-options', 'nosniff');
    next();
  });
  const metrics = createHttpMetrics(options.service, options.registry);
  // First of the request's work: a shed request costs no logging, parsing or authentication.
  if (options.loadShedding !== false) {
    app.use(loadShedding(options.loadShedding ?? {}, options.logger.child({ component: 'http' }), metrics.registry));
  }
  app.use(requestLogging(options.logger.child({ component: 'http' })));
  app.use(metrics.middleware);
  app.use(healthRoutes(options.readiness ?? {}, options.readinessTimeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS));
  app.get(METRICS_PATH, metrics.handler);

  app.use(requestTracing(options.service));
  app.use(requestGuard);
  app.use(jsonOnly);
  app.use(jsonBody(options.bodyLimit ?? DEFAULT_BODY_LIMIT));
  app.use(jsonBodyGuard(options.bulkRowFields));
  if (options.idempotency) app.use(idempotencyKeyFormat);
  options.mount(app);

  app.use(methodNotAllowed(app));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
