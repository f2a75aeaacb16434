import type { Request as ExpressRequest } from 'express';
import {
  Body,
  Controller,
  Delete,
  Get,
  Path,
  Post,
  Query,
  Request,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import { Gs1ExportListQuery, Gs1ExportWrite, isDomainError, parseOrThrow } from '@waymark/contracts';
import type { HttpErrorBody } from '@waymark/http';
import type { ExportUseCases } from '../exports/app/export-use-cases';
import type { Gs1ExportCreatedView, Gs1ExportListView, Gs1ExportView, Gs1ExportWriteView } from './gs1-types';

@Route('v1/gs1/exports')
@Tags('GS1 exports')
@Response<HttpErrorBody>(401, 'unauthorized')
@Response<HttpErrorBody>(403, 'insufficient_scope')
@Response<HttpErrorBody>(429, 'rate_limited')
export class Gs1ExportsController extends Controller {
  constructor(private readonly exports: ExportUseCases) {
    super();
  }

  /**
   * Starts an export job; 202 at once. Poll GET /v1/gs1/exports/{id} until ready or failed. 429 with Retry-After
   * when the plan's exports per hour are used up.
   * @summary Start a GS1 export
   */
  @Post()
  @Security('api_key', ['gs1:write'])
  @SuccessResponse(202, 'Accepted')
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async createExport(
    @Request() request: ExpressRequest,
    @Body() body?: Gs1ExportWriteView,
  ): Promise<Gs1ExportCreatedView> {
    try {
      const principal = principalOf(request);
      const created = await this.exports.create(principal, parseOrThrow(Gs1ExportWrite, body ?? {}));
      this.setStatus(202);
      this.setHeader('Location', `/v1/gs1/exports/${encodeURIComponent(created.jobId)}`);
      return created;
    } catch (error) {
      // The plan's export quota: the error carries when to retry, which HTTP says with Retry-After.
      const retryAfter = isDomainError(error)
        ? (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds
        : undefined;
      if (retryAfter !== undefined) request.res?.setHeader('Retry-After', String(retryAfter));
      throw error;
    }
  }

  /**
   * The tenant's jobs, newest first, a page at a time.
   * @summary List GS1 exports
   * @param limit Page size, 1 to 100 (default 100)
   * @param cursor `nextCursor` of the previous page
   * @isInt limit
   * @minimum limit 1
   * @maximum limit 100
   */
  @Get()
  @Security('api_key', ['gs1:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async listExports(
    @Request() request: ExpressRequest,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<Gs1ExportListView> {
    return this.exports.list(principalOf(request), Gs1ExportListQuery.parse({ limit, cursor }));
  }

  /**
   * The job; when ready, with a download URL minted now and valid 7 days.
   * @summary Get a GS1 export
   */
  @Get('{id}')
  @Security('api_key', ['gs1:read'])
  @Response<HttpErrorBody>(404, 'not_found')
  public async getExport(@Path() id: string, @Request() request: ExpressRequest): Promise<Gs1ExportView> {
    return this.exports.get(principalOf(request), id);
  }

  /**
   * Removes the job and its zip.
   * @summary Delete a GS1 export
   */
  @Delete('{id}')
  @Security('api_key', ['gs1:write'])
  @SuccessResponse(204, 'Deleted')
  @Response<HttpErrorBody>(404, 'not_found')
  public async deleteExport(@Path() id: string, @Request() request: ExpressRequest): Promise<void> {
    await this.exports.remove(principalOf(request), id);
    this.setStatus(204);
  }
}
