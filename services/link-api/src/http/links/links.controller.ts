import type { Request as ExpressRequest } from 'express';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Patch,
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
import {
  LinkCreate,
  LinkListQuery,
  type Link,
  LinkLocatorQuery,
  LinkPatch,
  parseBulkEnvelope,
  parseOrThrow,
} from '@waymark/contracts';
import { tagged, withEtagField, type HttpErrorBody } from '@waymark/http';
import type { LinkUseCases } from '../../links/app/link-use-cases';
import { linkEtag } from '../../links/domain/link-etag';
import type {
  LinkBulkBody,
  LinkBulkResultView,
  LinkListView,
  LinkPatchBody,
  LinkStatus,
  LinkView,
  LinkWrite,
} from './link-types';

/** Where the new link is read: its code, and its domain because one code may exist on several domains. */
function linkLocation(link: Link): string {
  return `/v1/links/${encodeURIComponent(link.code)}?domain=${encodeURIComponent(link.domain)}`;
}

@Route('v1/links')
@Tags('Links')
@Response<HttpErrorBody>(401, 'unauthorized')
@Response<HttpErrorBody>(403, 'insufficient_scope')
@Response<HttpErrorBody>(429, 'rate_limited')
export class LinksController extends Controller {
  constructor(private readonly links: LinkUseCases) {
    super();
  }

  /**
   * Creates a link on one of the tenant's verified domains; it is `active` at once.
   * @summary Create a link
   */
  @Post()
  @Security('api_key', ['links:write'])
  @SuccessResponse(201, 'Created')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(409, 'code_taken')
  @Response<HttpErrorBody>(422, 'destination_rejected')
  public async createLink(@Body() body: LinkWrite, @Request() request: ExpressRequest): Promise<LinkView> {
    const principal = principalOf(request);
    const link = await this.links.create(principal, parseOrThrow(LinkCreate, body));
    this.setStatus(201);
    this.setHeader('Location', linkLocation(link));
    return tagged(this, link, linkEtag(link));
  }

  /**
   * Creates up to 500 links (and at most the plan's bulk row cap); each row succeeds or fails on its own, and the
   * results come back in request order.
   * @summary Create links in bulk
   */
  @Post('bulk')
  @Security('api_key', ['links:write'])
  @Response<HttpErrorBody>(400, 'validation_failed or bulk_too_large')
  public async bulkCreateLinks(
    @Body() body: LinkBulkBody,
    @Request() request: ExpressRequest,
  ): Promise<LinkBulkResultView> {
    const principal = principalOf(request);
    // Only the envelope is checked here; each row is validated by the use case, which reports bad rows one by one.
    const envelope = parseBulkEnvelope('rows', body, principal.tenant.plan.bulkRowCap);
    return this.links.bulkCreate(principal, envelope);
  }

  /**
   * The tenant's links, newest first, a page at a time.
   * @summary List links
   * @param limit Page size, 1 to 200 (default 50)
   * @isInt limit
   * @minimum limit 1
   * @maximum limit 200
   * @param cursor `nextCursor` of the previous page
   * @param tag `key:value`
   * @param q Free text matched against code, destination and title (case-insensitive)
   */
  @Get()
  @Security('api_key', ['links:read'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async listLinks(
    @Request() request: ExpressRequest,
    @Query() limit?: number,
    @Query() cursor?: string,
    @Query() domain?: string,
    @Query() status?: LinkStatus,
    @Query() tag?: string,
    @Query() q?: string,
  ): Promise<LinkListView> {
    void [limit, cursor, domain, status, tag, q]; // documented here, parsed (with defaults) from the raw query
    const principal = principalOf(request);
    const page = await this.links.list(principal, parseOrThrow(LinkListQuery, request.query));
    return { ...page, links: page.links.map((link) => withEtagField(link, linkEtag(link))) };
  }

  /**
   * One link by its code.
   * @summary Get a link
   * @param domain Needed only when the code exists on several of the tenant's domains (409 conflict otherwise)
   */
  @Get('{code}')
  @Security('api_key', ['links:read'])
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  public async getLink(
    @Path() code: string,
    @Request() request: ExpressRequest,
    @Query() domain?: string,
  ): Promise<LinkView> {
    void domain;
    const principal = principalOf(request);
    return this.withEtag(await this.links.get(principal, code, parseOrThrow(LinkLocatorQuery, request.query)));
  }

  /**
   * Changes any subset of the fields; a new destination re-points the live link and every printed QR at once.
   * @summary Update a link
   * @param domain Needed only when the code exists on several of the tenant's domains
   * @param ifMatch The link's ETag from a previous read: the change applies only if nobody changed the link since (412 otherwise)
   */
  @Patch('{code}')
  @Security('api_key', ['links:write'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  @Response<HttpErrorBody>(412, 'precondition_failed')
  @Response<HttpErrorBody>(422, 'destination_rejected')
  public async updateLink(
    @Path() code: string,
    @Body() body: LinkPatchBody,
    @Request() request: ExpressRequest,
    @Query() domain?: string,
    @Header('If-Match') ifMatch?: string,
  ): Promise<LinkView> {
    void domain;
    const principal = principalOf(request);
    // The query before the body, and both before the link is looked up: a bad body is a 400 even for an unknown code.
    const locator = parseOrThrow(LinkLocatorQuery, request.query);
    const patch = parseOrThrow(LinkPatch, body);
    return this.withEtag(await this.links.update(principal, code, locator, patch, ifMatch));
  }

  /**
   * Deletes the link for good; its code becomes available again.
   * @summary Delete a link
   * @param domain Needed only when the code exists on several of the tenant's domains
   * @param ifMatch The link's ETag from a previous read: deleted only if nobody changed the link since (412 otherwise)
   */
  @Delete('{code}')
  @Security('api_key', ['links:write'])
  @SuccessResponse(204, 'Deleted')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  @Response<HttpErrorBody>(412, 'precondition_failed')
  public async deleteLink(
    @Path() code: string,
    @Request() request: ExpressRequest,
    @Query() domain?: string,
    @Header('If-Match') ifMatch?: string,
  ): Promise<void> {
    void domain;
    const principal = principalOf(request);
    await this.links.remove(principal, code, parseOrThrow(LinkLocatorQuery, request.query), ifMatch);
    this.setStatus(204);
  }

  /** ETag of the link's version, for If-Match on a later PATCH or DELETE. */
  private withEtag(link: Link): LinkView {
    return tagged(this, link, linkEtag(link));
  }
}
