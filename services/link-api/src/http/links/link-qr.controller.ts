import { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Path, Produces, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import { parseOrThrow } from '@waymark/contracts';
import type { HttpErrorBody } from '@waymark/http';
import { LinkQrQuery } from '../../links/app/link-qr';

export type LinkQrRenderer = (
  actor: ReturnType<typeof principalOf>,
  code: string,
  query: LinkQrQuery,
) => Promise<string>;

@Route('v1/links')
@Tags('QR')
export class LinkQrController extends Controller {
  constructor(private readonly renderQr: LinkQrRenderer) {
    super();
  }

  /**
   * A plain QR code (SVG) of the link's short URL with the scan marker `?s=q`, which the redirector counts as a scan
   * and removes before redirecting. Marked no-store: the link can be re-pointed, and the code itself never changes.
   * @summary Get a link's QR code (SVG)
   * @param scale Module size in px, 1 to 40 (default 8); the symbol has a 4-module quiet zone
   * @isInt scale
   * @minimum scale 1
   * @maximum scale 40
   * @param domain Needed only when the code exists on several of the tenant's domains
   */
  @Get('{code}/qr')
  @Security('api_key', ['qr'])
  @Produces('image/svg+xml')
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(401, 'unauthorized')
  @Response<HttpErrorBody>(403, 'insufficient_scope')
  @Response<HttpErrorBody>(404, 'not_found')
  @Response<HttpErrorBody>(409, 'conflict')
  @Response<HttpErrorBody>(429, 'rate_limited')
  public async getLinkQr(
    @Path() code: string,
    @Request() request: ExpressRequest,
    @Query() scale?: number,
    @Query() domain?: string,
  ): Promise<Readable> {
    void [scale, domain];
    const principal = principalOf(request);
    const svg = await this.renderQr(principal, code, parseOrThrow(LinkQrQuery, request.query));
    this.setHeader('Content-Type', 'image/svg+xml');
    this.setHeader('Cache-Control', 'no-store');
    return Readable.from([svg]);
  }
}
