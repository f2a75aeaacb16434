import { Controller, Get, Route, Tags } from '@tsoa/runtime';
import type { MergedOpenApi } from '@waymark/http';

@Route('v1')
@Tags('Description')
export class OpenApiController extends Controller {
  constructor(private readonly document: MergedOpenApi) {
    super();
  }

  /** This document: the whole public API (every service), OpenAPI 3, interface version 1.0. No key needed. */
  @Get('openapi.json')
  public async getOpenApi(): Promise<{ [key: string]: unknown }> {
    return this.document as unknown as { [key: string]: unknown };
  }
}
