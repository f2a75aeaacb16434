import type { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Path, Produces, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import type { HttpErrorBody } from '@waymark/http';
import type { LinkAnalytics } from '../reports/app/analytics-report';
import type { ReportUseCases } from '../reports/app/report-use-cases';
import { assertKnownParams, parseFormat, parseTop, respond, type AnalyticsWindow, type ReportFormat } from './respond';

const LINK_REPORT_PARAMS = ['window', 'from', 'to', 'domain', 'top', 'format'] as const;

@Route('v1/links')
@Tags('Analytics')
export class LinkAnalyticsController extends Controller {
  constructor(private readonly useCases: ReportUseCases) {
    super();
  }

  /**
   * Click and scan analytics of one link. `window` 24h is the current UTC hour and the 23 before it (hourly
   * series); 7d and 30d are today (UTC) and the 6 or 29 days before it (daily series). `format=csv` returns the
   * same report as one CSV table (columns section, key, total, clicks, scans, humans, bots, unique_visitors).
   * Instead of `window`, `from` and `to` choose a custom range read as in the tenant-wide analytics ([from, to),
   * dates or date-times with an offset, at most 366 days, hourly up to 48 h); the answer then has no `window`.
   * The tenant-wide report takes the same `window`, `from` and `to`; any other query parameter is a 400.
   * @summary Get a link's analytics
   * @param code The link's code
   * @param window 24h, 7d or 30d; default 24h
   * @param from Start of a custom range, inclusive (not with `window`)
   * @param to End of a custom range, exclusive; a date includes that day (not with `window`)
   * @param domain The link's domain; default the tenant's default domain
   * @param top Entries per breakdown, 1 to 100; default 10
   * @param format json (default) or csv
   * @isInt top
   * @minimum top 1
   * @maximum top 100
   */
  @Get('{code}/analytics')
  @Security('api_key', ['analytics'])
  @Produces('application/json')
  @Produces('text/csv')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(401, 'unauthorized')
  @Response<HttpErrorBody>(403, 'insufficient_scope')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(429, 'rate_limited')
  public async linkAnalytics(
    @Path() code: string,
    @Request() request: ExpressRequest,
    @Query() window?: AnalyticsWindow,
    @Query() from?: string,
    @Query() to?: string,
    @Query() domain?: string,
    @Query() top?: number,
    @Query() format?: ReportFormat,
  ): Promise<LinkAnalytics | Readable> {
    const principal = principalOf(request);
    assertKnownParams(request.query, LINK_REPORT_PARAMS);
    const output = parseFormat(format);
    const report = await this.useCases.linkAnalytics({
      tenantId: principal.tenantId,
      defaultDomain: principal.tenant.defaultDomain,
      code,
      domain,
      window,
      from,
      to,
      top: parseTop(top),
    });
    const span = report.window ?? `${report.from.slice(0, 10)}-${report.to.slice(0, 10)}`;
    return respond(request, output, report, `${report.code}-${span}.csv`);
  }
}
