import type { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Produces, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import type { HttpErrorBody } from '@waymark/http';
import type { TenantAnalytics } from '../reports/app/analytics-report';
import type { ReportUseCases } from '../reports/app/report-use-cases';
import { parseFormat, parseTop, respond, type ReportFormat } from './respond';

@Route('v1/analytics')
@Tags('Analytics')
export class TenantAnalyticsController extends Controller {
  constructor(private readonly useCases: ReportUseCases) {
    super();
  }

  /**
   * Tenant-wide analytics over [from, to), with the top links. `from` and `to` are ISO 8601 dates (`2025-01-31`,
   * a whole UTC day; as `to` the day is included) or date-times with `Z` or an offset. Default: the last 7 UTC
   * days including today; with only one bound, the other is 7 days away. `from` after `to`, an unparsable value or
   * a range over 366 days is a 400. Ranges up to 48 h have an hourly series, longer ones a daily series.
   * @summary Get the tenant's analytics
   * @param from Start, inclusive
   * @param to End, exclusive (a date includes that day)
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
    @Query() from?: string,
    @Query() to?: string,
    @Query() top?: number,
    @Query() format?: ReportFormat,
  ): Promise<TenantAnalytics | Readable> {
    const principal = principalOf(request);
    const output = parseFormat(format);
    const report = await this.useCases.tenantAnalytics({ tenantId: principal.tenantId, from, to, top: parseTop(top) });
    return respond(request, output, report, `analytics-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.csv`);
  }
}
