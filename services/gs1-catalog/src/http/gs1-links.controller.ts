import type { Request as ExpressRequest } from 'express';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
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
import { Gs1BulkOptions, parseBulkEnvelope, parseOrThrow } from '@waymark/contracts';
import { tagged, withEtagField, type HttpErrorBody } from '@waymark/http';
import { Gs1LinkListQuery, Gs1LinkLocatorQuery } from '../links/app/gs1-link-queries';
import type { Gs1LinkUseCases } from '../links/app/gs1-link-use-cases';
import { gs1LinkEtag } from '../links/domain/gs1-link-etag';
import type { Gs1BulkBody, Gs1BulkResultView, Gs1LinkListView, Gs1LinkView } from './gs1-types';

@Route('v1/gs1/links')
@Tags('GS1 Digital Links')
@Response<HttpErrorBody>(401, 'unauthorized')
@Response<HttpErrorBody>(403, 'insufficient_scope')
@Response<HttpErrorBody>(429, 'rate_limited')
export class Gs1LinksController extends Controller {
  constructor(private readonly links: Gs1LinkUseCases) {
    super();
  }

  /**
   * Creates or updates up to 500 GS1 Digital Links (and at most the plan's bulk row cap); each record succeeds or
   * fails on its own, results in order.
   * @summary Create or update GS1 Digital Links in bulk
   */
  @Post('bulk')
  @Security('api_key', ['gs1:write'])
  @Response<HttpErrorBody>(400, 'validation_failed or bulk_too_large')
  public async bulkUpsertGs1Links(
    @Body() body: Gs1BulkBody,
    @Request() request: ExpressRequest,
  ): Promise<Gs1BulkResultView> {
    const principal = principalOf(request);
    // Only the envelope and the request-level options are checked here; each record is validated by the use case.
    const envelope = parseBulkEnvelope('records', body, principal.tenant.plan.bulkRowCap);
    return this.links.bulkUpsert(principal, parseOrThrow(Gs1BulkOptions, envelope));
  }

  /**
   * The tenant's GS1 links in import order, a page at a time.
   * @summary List GS1 Digital Links
   * @param query Free text over code, destination and tags
   * @param tags Comma-separated; records carrying all of them
   * @param cursor `nextCursor` of the previous page
   * @param limit 1 to 500 (default 100)
   * @isInt limit
   * @minimum limit 1
   * @maximum limit 500
   */
  @Get()
  @Security('api_key', ['gs1:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async listGs1Links(
    @Request() request: ExpressRequest,
    @Query() query?: string,
    @Query() tags?: string,
    @Query() cursor?: string,
    @Query() limit?: number,
  ): Promise<Gs1LinkListView> {
    void [query, tags, cursor, limit]; // documented here, parsed (with defaults) from the raw query
    const principal = principalOf(request);
    const page = await this.links.list(principal, parseOrThrow(Gs1LinkListQuery, request.query));
    return { ...page, links: page.links.map((link) => withEtagField(link, gs1LinkEtag(link))) };
  }

  /**
   * One GS1 link by its derived path, URL-encoded as one segment (`01%2F09506000134352%2F10%2FABC`).
   * @summary Get a GS1 Digital Link
   * @param path The derived Digital Link path, URL-encoded
   * @param domain Needed only when the path exists on several of the tenant's domains
   */
  @Get('{path}')
  @Security('api_key', ['gs1:read'])
  @Response<HttpErrorBody>(404, 'not_found')
  public async getGs1Link(
    @Path() path: string,
    @Request() request: ExpressRequest,
    @Query() domain?: string,
  ): Promise<Gs1LinkView> {
    void domain;
    const principal = principalOf(request);
    const link = await this.links.get(principal, path, parseOrThrow(Gs1LinkLocatorQuery, request.query));
    return tagged(this, link, gs1LinkEtag(link));
  }

  /**
   * Deletes the GS1 link; the resolver stops resolving it.
   * @summary Delete a GS1 Digital Link
   * @param path The derived Digital Link path, URL-encoded
   * @param domain Needed only when the path exists on several of the tenant's domains
   * @param ifMatch The record's ETag from a previous read: deleted only if nobody changed it since (412 otherwise)
   */
  @Delete('{path}')
  @Security('api_key', ['gs1:write'])
  @SuccessResponse(204, 'Deleted')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(412, 'precondition_failed')
  public async deleteGs1Link(
    @Path() path: string,
    @Request() request: ExpressRequest,
    @Query() domain?: string,
    @Header('If-Match') ifMatch?: string,
  ): Promise<void> {
    void domain;
    const principal = principalOf(request);
    await this.links.remove(principal, path, parseOrThrow(Gs1LinkLocatorQuery, request.query), ifMatch);
    this.setStatus(204);
  }
}
