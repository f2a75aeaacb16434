import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Request, Route, Tags } from '@tsoa/runtime';
import type { MergedOpenApi } from '@waymark/http';

@Route('v1')
@Tags('Description')
export class OpenApiController extends Controller {
  constructor(private readonly document: MergedOpenApi) {
    super();
  }

  /**
   * This document: the whole public API (every service), OpenAPI 3, interface version 1.0. No key needed. Its
   * `servers` entry is the address it was fetched from, so a client generated from it talks to the same installation.
   * @summary Get the OpenAPI document
   */
  @Get('openapi.json')
  public async getOpenApi(@Request() request: ExpressRequest): Promise<{ [key: string]: unknown }> {
    const host = request.get('host');
    const servers = host
      ? [{ url: `${request.protocol}://${host}`, description: 'This installation' }]
      : this.document.servers;
    return { ...this.document, servers } as unknown as { [key: string]: unknown };
  }
}
