import type { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Produces, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import type { HttpErrorBody } from '@waymark/http';
import type { TenantAnalytics } from '../reports/app/analytics-report';
import type { ReportUseCases } from '../reports/app/report-use-cases';
import { assertKnownParams, parseFormat, parseTop, respond, type AnalyticsWindow, type ReportFormat } from './respond';

const TENANT_REPORT_PARAMS = ['window', 'from', 'to', 'top', 'format'] as const;

@Route('v1/analytics')
@Tags('Analytics')
export class TenantAnalyticsController extends Controller {
  constructor(private readonly useCases: ReportUseCases) {
    super();
  }

  /**
   * Tenant-wide analytics with the top links, over a `window` or a custom range, with the same parameters as a
   * link's analytics. `window` 24h is the current UTC hour and the 23 before it (hourly series); 7d and 30d are today
   * (UTC) and the 6 or 29 days before it (daily series); the default is 7d. Instead, `from` and `to` choose [from, to):
   * ISO 8601 dates (`2025-01-31`, a whole UTC day; as `to` the day is included) or date-times with `Z` or an offset;
   * with only one bound, the other is 7 days away; the answer then has no `window`. `window` with `from` or `to`,
   * `from` after `to`, an unparsable value, a range over 366 days or any other query parameter is a 400. Ranges up to
   * 48 h have an hourly series, longer ones a daily series.
   * @summary Get the tenant's analytics
   * @param window 24h, 7d or 30d; default 7d
   * @param from Start of a custom range, inclusive (not with `window`)
   * @param to End of a custom range, exclusive; a date includes that day (not with `window`)
   * @param top Entries per breakdown and links, 1 to 100; default 10
   * @param format json (default) or csv
   * @isInt top
   * @minimum top 1
   * @maximum top 100
   */
  @Get()
  @Security('api_key', ['analytics:read'])
  @Produces('application/json')
  @Produces('text/csv')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(401, 'unauthorized')
  @Response<HttpErrorBody>(403, 'insufficient_scope')
  @Response<HttpErrorBody>(429, 'rate_limited')
  public async tenantAnalytics(
    @Request() request: ExpressRequest,
    @Query() window?: AnalyticsWindow,
    @Query() from?: string,
    @Query() to?: string,
    @Query() top?: number,
    @Query() format?: ReportFormat,
  ): Promise<TenantAnalytics | Readable> {
    const principal = principalOf(request);
    assertKnownParams(request.query, TENANT_REPORT_PARAMS);
    const output = parseFormat(format);
    const query = { tenantId: principal.tenantId, window, from, to, top: parseTop(top) };
    const report = await this.useCases.tenantAnalytics(query);
    const span = report.window ?? `${report.from.slice(0, 10)}-${report.to.slice(0, 10)}`;
    return respond(request, output, report, `analytics-${span}.csv`);
  }
}
