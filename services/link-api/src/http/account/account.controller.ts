import type { Request as ExpressRequest } from 'express';
import { Body, Controller, Get, Put, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '@waymark/auth';
import type { HttpErrorBody } from '@waymark/http';
import type { AccountUseCases } from '../../identity/app/account-use-cases';
import { BrandingSchema } from '../../identity/domain/admin-schemas';
import type { BrandingView } from '../../identity/domain/admin-types';
import type { CurrentIdentityView } from '../../identity/domain/account-types';

@Route('v1')
@Tags('Account')
@Response<HttpErrorBody>(401, 'unauthorized')
@Response<HttpErrorBody>(429, 'rate_limited')
export class AccountController extends Controller {
  constructor(private readonly account: AccountUseCases) {
    super();
  }

  /**
   * The tenant and the API key of this request: the key's scopes (what it may call), the tenant's plan,
   * entitlements and branding. Any valid key may call it; the key's secret is never returned.
   * @summary The calling key and its tenant
   */
  @Get('me')
  @Security('api_key', [])
  public async getMe(@Request() request: ExpressRequest): Promise<CurrentIdentityView> {
    return this.account.me(principalOf(request));
  }

  /**
   * Replaces the tenant's branding: the name, logo, colours and fallback of the redirector's expiry and disabled
   * pages. The logo and fallback URLs are screened like link destinations. Every front applies it within seconds.
   * @summary Set the tenant's branding
   */
  @Put('branding')
  @Security('api_key', ['links:write'])
  @Response<HttpErrorBody>(400, 'validation_failed')
  @Response<HttpErrorBody>(403, 'insufficient_scope')
  @Response<HttpErrorBody>(422, 'destination_rejected')
  public async setBranding(@Body() body: BrandingView, @Request() request: ExpressRequest): Promise<BrandingView> {
    return this.account.setBranding(principalOf(request), BrandingSchema.parse(body));
  }
}
